import 'server-only';
import { ServiceError } from '../../errors';

/** Another user's company answers exactly like a missing one. */
export const companyNotFound = () => new ServiceError('NOT_FOUND', 'Компания не найдена — возможно, её удалили.');

export const companyConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Компанию уже изменили в другом окне или другим пользователем. Обновите карточку и внесите правки снова.', {
    extra: { version },
  });
