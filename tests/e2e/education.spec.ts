import { auditPage, formatViolations, type A11yOptions } from './a11y';
import { expect, test } from './fixtures';

const SHELL: A11yOptions = { landmarks: ['main', 'nav', 'header'] };

/**
 * Обучение: sign in → /education → open a lesson → answer an exercise wrongly then rightly → build the
 * specification a task asks for in the real editor → the task is graded by the product's cost engine and marked done →
 * «Мой прогресс» shows the course's progress.
 */
test('a course lesson: a wrong then right answer, a specification built for a task, progress kept', async ({ page, user: _user }) => {
  // Six pages and a specification built in the editor: about 15 s on an idle machine.
  test.setTimeout(90_000);
  await page.goto('/education');
  await expect(page.getByRole('heading', { name: 'Обучение', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Начать' }).first()).toBeVisible();
  const listIssues = await auditPage(page, SHELL);
  expect(listIssues, formatViolations(listIssues)).toEqual([]);
  const course = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Работа в Калькулусе' }) });
  await course.getByRole('link', { name: 'Начать' }).click();
  await expect(page).toHaveURL(/\/education\/kalkulus-practice\/specifications$/);
  await expect(page.getByRole('heading', { name: 'Спецификация: материалы и операции', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Урок прочитан' })).toBeEnabled();
  const lessonIssues = await auditPage(page, SHELL);
  expect(lessonIssues, formatViolations(lessonIssues)).toEqual([]);

  // A number exercise: wrong, then right to the kopeck; the worked solution appears after an answer.
  const materials = page.locator('[data-exercise="stool-materials"]');
  await materials.getByLabel('Ответ').fill('500');
  await materials.getByRole('button', { name: 'Проверить' }).click();
  await expect(materials.getByRole('status')).toContainText('Неверно');
  await expect(materials.getByText('Решение')).toBeVisible();
  await materials.getByLabel('Ответ').fill('511,00');
  await materials.getByRole('button', { name: 'Проверить' }).click();
  await expect(materials.getByRole('status')).toHaveText('Верно!');
  await expect(materials.getByText('Решено')).toBeVisible();

  // The task before the specification exists.
  const stool = page.locator('[data-exercise="stool"]');
  await stool.getByLabel('Ответ').fill('1 650,25');
  await stool.getByRole('button', { name: 'Проверить' }).click();
  await expect(stool.getByRole('status')).toContainText('Спецификация с названием «Табурет» не найдена');

  // Build it in the editor, as the lesson's tables say.
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Табурет');
  const lines: [string, string, string][] = [
    ['Брус сосновый 40×40', '2,4', '85'],
    ['Щит мебельный, сосна 18 мм', '0,12', '1 450'],
    ['Саморез 4×50', '16', '2,50'],
    ['Лак мебельный', '0,15', '620'],
  ];
  for (const [i, [name, qty, price]] of lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Добавить материал' }).click();
    await page.getByLabel(`Материал ${i + 1}: наименование`).fill(name);
    await page.getByLabel(`Материал ${i + 1}: количество`).fill(qty);
    await page.getByLabel(`Материал ${i + 1}: цена`, { exact: true }).fill(price);
  }
  const ops: [string, string, string][] = [
    ['Раскрой и сборка', '1,5', '450'],
    ['Шлифовка и лакировка', '0,5', '400'],
  ];
  for (const [i, [name, hours, rate]] of ops.entries()) {
    await page.getByRole('button', { name: 'Добавить операцию' }).click();
    await page.getByLabel(`Операция ${i + 1}: название`).fill(name);
    await page.getByLabel(`Операция ${i + 1}: часы`).fill(hours);
    await page.getByLabel(`Операция ${i + 1}: ставка`, { exact: true }).fill(rate);
  }
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();

  // Back in the lesson: the saved state is there, and the task is graded by the cost engine.
  await page.goto('/education/kalkulus-practice/specifications');
  await expect(materials.getByText('Решено')).toBeVisible();
  await stool.getByLabel('Ответ').fill('1 650,24');
  await stool.getByRole('button', { name: 'Проверить' }).click();
  await expect(stool.getByRole('status')).toContainText('Полная себестоимость по вашей спецификации другая');
  await stool.getByLabel('Ответ').fill('1 650,25');
  await stool.getByRole('button', { name: 'Проверить' }).click();
  await expect(stool.getByRole('status')).toHaveText('Верно!');
  await expect(stool.getByText('Решено')).toBeVisible();

  // The course page shows the lesson started and leads back to it.
  await page.goto('/education/kalkulus-practice');
  await expect(page.getByText('упражнения: 2 из 3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Продолжить' })).toHaveAttribute('href', '/education/kalkulus-practice/specifications');

  // «Мой прогресс» shows the course's progress and leads back to the lesson.
  await page.goto('/my-progress');
  const learning = page.getByRole('region', { name: 'Обучение' });
  const practice = learning.locator('[data-course="kalkulus-practice"]');
  await expect(practice).toContainText('Уроки: 0 из 6 · упражнения: 2 из 18');
  await expect(practice.getByRole('link', { name: 'Продолжить: Спецификация: материалы и операции' })).toHaveAttribute('href', '/education/kalkulus-practice/specifications');

  // A lesson that does not exist answers «Страница не найдена» in the shell.
  await page.goto('/education/kalkulus-practice/nope');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Страница не найдена');
});
