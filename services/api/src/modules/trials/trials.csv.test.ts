import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { csvCell } from './trials.csv';
import { academy, createTrial, player, register } from './trials.test-support';

/** RFC 4180 rows (quoted cells with doubled quotes, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('registrants as CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  it('a header row and one row per registrant with the answers, safe against formulas', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, {
      name: 'Under-17 Trial, Ikeja',
      requirements: ['Position', 'Link to highlights'],
    });
    const [position, link] = trial.requirements.map((r) => r.id) as [string, string];
    const ada = await player(t, { username: 'Ada "Striker" Obi' });
    const bayo = await player(t, { username: 'Bayo, Jr.' });
    const adaReg = (
      await register(ada, trial, {
        answers: [
          { requirement_id: position, answer: 'ST' },
          { requirement_id: link, answer: '=HYPERLINK("http://evil.test","Click")' },
        ],
      })
    ).json();
    const bayoReg = (
      await register(bayo, trial, {
        phone: '+2348091234567',
        level: 'national',
        answers: [
          { requirement_id: position, answer: '@SUM(A1:A9)' },
          { requirement_id: link, answer: '-2+3\nsecond line' },
        ],
      })
    ).json();

    const res = await club.call('GET', `/api/players_in_trial_list/${trial.id}?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Under-17-Trial-Ikeja-registrants.csv"',
    );
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Reference code',
      'Name',
      'Date of birth',
      'Age on trial date',
      'Phone',
      'Email',
      'State',
      'District/LGA',
      'Level',
      'Status',
      'Payment',
      'Registered at',
      'Checked in at',
      'Position',
      'Link to highlights',
    ]);
    expect(rows).toHaveLength(3);
    const [, first, second] = rows as [string[], string[], string[]];
    expect(first.slice(0, 3)).toEqual([adaReg.reference_code, 'Ada "Striker" Obi', '1995-06-15']);
    // A phone number stays text; formulas are neutralised with a leading apostrophe.
    expect(first[4]).toBe("'+2348031234567");
    expect(first.slice(8, 10)).toEqual(['District/LGA', 'Registered']);
    expect(first[12]).toBe(''); // not checked in
    expect(first.slice(13)).toEqual(['ST', `'=HYPERLINK("http://evil.test","Click")`]);
    expect(second[0]).toBe(bayoReg.reference_code);
    expect(second[1]).toBe('Bayo, Jr.');
    expect(second[8]).toBe('National');
    expect(second.slice(13)).toEqual(["'@SUM(A1:A9)", "'-2+3\nsecond line"]);
    for (const row of rows.slice(1)) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('cells: quoting and every formula prefix', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`).replace(/^"/, '')).toMatch(/^'/);
  });
});
