import type { CompanyForm } from './form-model';

/** What the parts of the company form share. */
export interface FormParts {
  form: CompanyForm;
  set: (patch: Partial<CompanyForm>) => void;
  /** The message to show under a field (path as on the wire: `inn`, `bankAccounts.0.bik`). */
  err: (path: string) => string | undefined;
  /** Marks a field as visited: its live error is shown from now on. */
  touch: (path: string) => void;
}
