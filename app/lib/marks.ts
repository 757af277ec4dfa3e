/**
 * Performance marks for `npm run bench` (issue 13: applying a bout is cheap): set when a bout delta arrives,
 * measured up to the pool grid's commit.
 */
export const BOUT_RECEIVED = 'piste:bout-received';
export const BOUT_APPLIED = 'piste:bout-applied';
