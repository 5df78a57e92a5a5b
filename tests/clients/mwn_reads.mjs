// mwn reads the fixture wiki through the API at URL (argv[2]) anonymously: the site's namespaces;
// every page, seven at a time through continuation (promised and generated), as one big request
// gives them; a page's text and revision; a page's history; a category's members; the pages
// linking to a page.
import assert from 'node:assert/strict';
import { Mwn } from 'mwn';

const bot = new Mwn({ apiUrl: process.argv[2], silent: true });
await bot.getSiteInfo();
assert.equal(new bot.Title('Fixture Wiki:About').getNamespaceId(), 4);
assert.equal(new bot.Title('Category:Fruits').getNamespaceId(), 14);

// Every page of the main namespace: one big request, then seven at a time.
const all = await bot.request({ action: 'query', list: 'allpages', aplimit: 'max' });
const whole = all.query.allpages.map((p) => p.title);
assert.equal(whole.length, 107);
for (const title of ['Main Page', 'Zürich', 'Łódź', '東京タワー', 'C++']) {
	assert.ok(whole.includes(title), title);
}
const responses = await bot.continuedQuery({ action: 'query', list: 'allpages', aplimit: 7 }, Infinity);
assert.equal(responses.length, Math.ceil(whole.length / 7));
assert.deepEqual(responses.flatMap((r) => r.query.allpages.map((p) => p.title)), whole);
const generated = [];
for await (const response of bot.continuedQueryGen({ action: 'query', list: 'allpages', aplimit: 7 })) {
	generated.push(...response.query.allpages.map((p) => p.title));
}
assert.deepEqual(generated, whole);
// As a generator with the pages' information (each batch's pages come in page id order).
const info = new Map();
const infoQuery = { action: 'query', generator: 'allpages', gaplimit: 7, prop: 'info' };
for await (const response of bot.continuedQueryGen(infoQuery)) {
	for (const page of response.query.pages) {
		info.set(page.title, page);
	}
}
assert.deepEqual([...info.keys()].sort(), [...whole].sort());
assert.equal(info.get('Cat').lastrevid, 291);
assert.equal(info.get('Cat').length, 935);

// A page's text and revision, and a redirect followed.
const cat = await bot.read('Cat', { rvprop: 'content|ids|timestamp' });
assert.equal(cat.title, 'Cat');
assert.equal(cat.revisions[0].revid, 291);
assert.match(cat.revisions[0].content, /Some description of Cat\. Revision marker 3\./);
const read = await bot.read(['Dog', 'Kitty']);
assert.deepEqual(read.map((p) => p.title).sort(), ['Cat', 'Dog'], 'Kitty redirects to Cat');
assert.match(read.find((p) => p.title === 'Dog').revisions[0].content, /^\{\{DEFAULTSORT:goD\}\}/);

// A page's history, newest first; two of Dog's revisions are suppressed (user and comment hidden).
const history = await new bot.Page('Dog').history('ids|user|comment', 50);
const oneCall = await bot.request({ action: 'query', prop: 'revisions', titles: 'Dog', rvlimit: 'max', rvprop: 'ids' });
assert.deepEqual(history.map((r) => r.revid), oneCall.query.pages[0].revisions.map((r) => r.revid));
assert.deepEqual(history.map((r) => r.revid), [294, 293, 262, 261, 260, 43]);
assert.deepEqual(history.map((r) => r.user ?? null), ['Admin', 'Admin', 'Admin', null, null, 'Alice']);
assert.ok(history[3].userhidden && history[3].commenthidden && history[3].suppressed, JSON.stringify(history[3]));
const oldest = await new bot.Page('Dog').history('ids|user', 2, { rvdir: 'newer' });
assert.deepEqual(oldest.map((r) => r.revid), [43, 260]);
const walked = [];
for await (const revision of new bot.Page('Dog').historyGen('ids', { rvlimit: 2 })) {
	walked.push(revision.revid);
}
assert.deepEqual(walked, [294, 293, 262, 261, 260, 43]);

// A category's members, in the category's order (sort keys: `{{DEFAULTSORT:...}}`, `[[Category:X|key]]`).
const fruits = await new bot.Category('Fruits').members();
assert.deepEqual(fruits.map((m) => m.title), ['Banana', 'Apple', 'Cherry', 'Grape', 'Tomato']);
const animals = [];
for await (const member of new bot.Category('Animals').membersGen({ cmlimit: 7 })) {
	animals.push(member.title);
}
assert.equal(animals.length, 30);
assert.ok(animals.includes('Cat') && animals.includes('Dog'), animals.join());
assert.deepEqual(
	(await new bot.Category('Living things').subcats()).map((m) => m.title).sort(),
	['Category:Animals', 'Category:Plants'],
);

// The pages linking to Cat (its redirects among them).
const linking = await new bot.Page('Cat').backlinks();
assert.equal(linking.length, 33);
for (const title of ['Main Page', 'Template:Nav', 'Dog', 'User:Alice', 'Kitty', 'Cat description']) {
	assert.ok(linking.includes(title), title);
}

console.log('mwn read', whole.length, 'pages in', responses.length, 'parts,', history.length, 'revisions of Dog,',
	fruits.length, 'fruits,', animals.length, 'animals');
