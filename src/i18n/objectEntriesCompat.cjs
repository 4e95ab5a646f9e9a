'use strict';

/**
 * `object.entries` for the admin bundle (vite.config.ts aliases it here). node-polyglot, under
 * ra-i18n-polyglot, requires that polyfill; on every browser the admin supports it hands back the
 * native Object.entries, yet it brings call-bind, get-intrinsic, define-properties and their own
 * dependencies along, into every admin screen's JavaScript. This is what it resolves to there.
 * (CommonJS, because node-polyglot requires it.)
 */
module.exports = Object.entries;
