export interface ScanLimits {
  maxCells: number;
  maxRows: number;
}

/**
 * Why an XML part is refused before parsing ('bad': not XML, deeper than 64 elements, a reference outside
 * Excel's sheet; 'cells' / 'rows': more than the limits), or null.
 */
export declare function scanPart(bytes: Uint8Array, limits: ScanLimits): 'bad' | 'cells' | 'rows' | null;
