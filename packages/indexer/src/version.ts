/** arbor's version, written into every graph it builds (`project_metadata`). */
export const ARBOR_VERSION = '0.1.0';
/**
 * Bumped whenever extraction output changes for the same input, so that cached or stored
 * extractions from an older arbor are not mistaken for current ones.
 */
export const EXTRACTION_VERSION = 52;
