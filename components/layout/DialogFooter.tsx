'use client';

import { Button } from 'primereact/button';

/**
 * The footer of a dialog with a form: «Отмена» and the confirming button. With `form` the button submits that form
 * (the form keeps Enter and its own checks); without it `onConfirm` runs.
 */
export function DialogFooter({
  label,
  onCancel,
  form,
  onConfirm,
  loading,
  disabled,
}: {
  label: string;
  onCancel: () => void;
  form?: string;
  onConfirm?: () => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <div>
      <Button type="button" label="Отмена" text onClick={onCancel} />
      <Button type={form ? 'submit' : 'button'} form={form} label={label} icon="pi pi-check" loading={loading} disabled={disabled} onClick={onConfirm} />
    </div>
  );
}
