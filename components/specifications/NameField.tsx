'use client';

import s from './spec-editor.module.css';

/** Grows a field to its text where the browser cannot (`field-sizing: content` does it in CSS elsewhere). */
function fitHeight(el: HTMLTextAreaElement | null) {
  if (!el || (typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content'))) return;
  el.style.height = 'auto';
  if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight}px`;
}

/**
 * The name of a material or an operation: one line of text that wraps inside its column, so the whole name is
 * seen however narrow the column is. Enter does not start a new line (a name is one line; pasted line breaks
 * become spaces).
 */
export function NameField({ label, value, onChange, invalid, title }: { label: string; value: string; onChange: (value: string) => void; invalid?: boolean; title?: string }) {
  return (
    <textarea
      // Measured on every render: a name set from outside (a catalogue pick) fits as well.
      ref={(el) => fitHeight(el)}
      rows={1}
      className={`p-inputtext p-component ${s.name} ${invalid ? 'p-invalid' : ''}`}
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      title={title}
      onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      onChange={(e) => {
        fitHeight(e.currentTarget);
        onChange(e.target.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
      }}
    />
  );
}
