'use client';

import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import s from './companies.module.css';

/** A labelled field with its error under it (or a hint when there is no error). */
export function Field({
  id,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${s.field} ${wide ? s.wide : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-msg`} className={s.error} role="alert">
          {error}
        </small>
      ) : hint ? (
        <small id={`${id}-msg`} className={s.hint}>
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** A text input wired to Field: invalid state and the message linked for screen readers. */
export function TextInput({
  id,
  value,
  onChange,
  onBlur,
  error,
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel' | 'decimal';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <InputText
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      invalid={!!error}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-msg`}
      inputMode={inputMode}
      autoComplete={autoComplete ?? 'off'}
      maxLength={maxLength}
      placeholder={placeholder}
    />
  );
}
