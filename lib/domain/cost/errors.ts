/** The codes a калькуляция fails with; each is in the server's code → status table. */
export type CostErrorCode = 'VALIDATION_ERROR' | 'SPEC_CYCLE' | 'NESTED_SPEC_NOT_FOUND';

/** Why a калькуляция cannot be made; `code` maps to an HTTP status on the server, `message` is Russian. */
export class CostError extends Error {
  readonly code: CostErrorCode;
  /** Field path → Russian message, as in the failure envelope. */
  readonly fields?: Record<string, string>;
  /** The chain of specifications that loops back (cycle) or leads to the missing one. */
  readonly path?: string[];

  constructor(code: CostErrorCode, message: string, opts: { fields?: Record<string, string>; path?: string[] } = {}) {
    super(message);
    this.name = 'CostError';
    this.code = code;
    this.fields = opts.fields;
    this.path = opts.path;
  }
}

export const isCostError = (e: unknown): e is CostError => e instanceof CostError;
