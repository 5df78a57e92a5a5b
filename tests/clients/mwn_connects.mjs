// mwn connects to the API at URL (argv[2]), reads the site's information and parses a title
// with the site's namespaces.
import assert from 'node:assert/strict';
import { Mwn } from 'mwn';

const bot = new Mwn({ apiUrl: process.argv[2], silent: true });
await bot.getSiteInfo();
const title = new bot.Title('Fixture Wiki talk:About');
assert.equal(title.getNamespaceId(), 5);
const answer = await bot.request({ action: 'query', meta: 'siteinfo' });
assert.equal(answer.query.general.sitename, 'Fixture Wiki');
assert.match(answer.query.general.generator, /^MediaWiki 1\.39/);
console.log('mwn connected:', answer.query.general.sitename, answer.query.general.generator);
