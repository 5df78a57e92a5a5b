// mwn logs in to the API at URL (argv[2]) with a main account's password, reads who it is and
// its csrf token, and logs out.
import assert from 'node:assert/strict';
import { Mwn } from 'mwn';

const bot = new Mwn({
	apiUrl: process.argv[2],
	username: 'Alice',
	password: 'FixtureUserPass-2024',
	silent: true,
});
await bot.login();
const info = await bot.userinfo({ uiprop: 'groups' });
assert.equal(info.name, 'Alice');
assert.ok(info.groups.includes('user'));
assert.notEqual(bot.csrfToken, '+\\');
await bot.logout();
const after = await bot.request({ action: 'query', meta: 'userinfo' });
assert.equal(after.query.userinfo.anon, true);
console.log('mwn logged in as', info.name, 'and out');
