export type ZipErrorReason = 'not-zip' | 'too-many' | 'too-large' | 'bad';

export declare class ZipError extends Error {
  constructor(reason: ZipErrorReason, message: string);
  readonly reason: ZipErrorReason;
}

export interface ZipLimits {
  /** Entries in the central directory, folders included. */
  maxEntries: number;
  /** Bytes of all the entries read, unpacked. */
  maxTotal: number;
  /** Bytes of one entry, unpacked. */
  maxEntry: number;
}

export declare const ZIP_LIMITS: ZipLimits;

export declare function unzipLimited(bytes: Uint8Array | ArrayBuffer, limits?: Partial<ZipLimits>, want?: (name: string) => boolean): Map<string, Uint8Array>;
