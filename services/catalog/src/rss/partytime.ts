// podcast-partytime logs every invalid feed in full through its own logger, configured from
// PARTYTIME_LOG once when it loads: untrusted bytes in our logs. It stays quiet unless asked; the
// import answers with its own clear error instead.
process.env.PARTYTIME_LOG ??= 'silent';

// A require, not an import: imports are hoisted above the line that sets the variable.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { parseFeed } = require('podcast-partytime') as typeof import('podcast-partytime');
