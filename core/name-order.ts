/**
 * A compare function for sorting names in the coach's language: accents count after the letters (`accent`),
 * case does not, and numbers inside names sort as numbers ("Team 2" before "Team 10").
 */
export function compareNames(locale?: string, sensitivity: 'base' | 'accent' = 'accent'): (a: string, b: string) => number {
  return new Intl.Collator(locale, { sensitivity, numeric: true }).compare;
}

/**
 * The order every device agrees on where names only break a tie (a ranking's equal fencers, pools made in the
 * same instant, a hall's list): Unicode's root collation, which English uses, whatever the device's language,
 * so the worker, the board and every phone list a tie the same way ("Pool 2" before "Pool 10").
 */
export const sharedNameOrder = compareNames('en');
