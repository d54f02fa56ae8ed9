import { describe, expect, it } from 'vitest';
import { readTables, type HtmlTable } from './read-tables.js';

const texts = (table: HtmlTable | undefined) =>
  (table?.rows ?? []).map((row) => row.map((cell) => cell?.text));

describe('readTables', () => {
  it('reads rows and cells, header cells included, with entities decoded and tags dropped', () => {
    const [table, ...others] = readTables(`
      <p>before</p>
      <table class="x"><thead><tr><th>City/Post</th><th>Wait (F,M,J)</th></tr></thead>
      <tbody><tr><td><a href="/a?x=1&amp;y=2"><b>Abuja</b></a></td><td>&lt; 0.5&nbsp;Month</td></tr></tbody>
      </table><p>after</p>`);
    expect(others).toEqual([]);
    expect(table?.closed).toBe(true);
    expect(texts(table)).toEqual([
      ['City/Post', 'Wait (F,M,J)'],
      ['Abuja', '< 0.5 Month'],
    ]);
  });

  it('implies the end tags a page may leave out, and ignores case', () => {
    const [table] = readTables('<TABLE><TR><TD>a<TD>b<TR><TD>c<td>d</TABLE>');
    expect(texts(table)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('separates lines inside a cell, and collapses whitespace', () => {
    const [table] = readTables(
      '<table><tr><td>2<br>Months</td><td><p>3</p><p>Months</p></td><td>  a \n\t b </td></tr></table>',
    );
    expect(texts(table)).toEqual([['2 Months', '3 Months', 'a b']]);
  });

  it('reads a ">" inside a quoted attribute as part of the tag, and a "<" before a digit as text', () => {
    const [table] = readTables(
      `<table><tr><td data-x="a > b" title='c > d'>x</td><td>< 0.5 Month</td><td><0.5 Month</td></tr></table>`,
    );
    expect(texts(table)).toEqual([['x', '< 0.5 Month', '<0.5 Month']]);
  });

  it('skips comments, scripts and styles, even when they hold table markup', () => {
    const [table, ...others] = readTables(`
      <script>var t = '<table><tr><td>no</td></tr></table>';</script>
      <style>/* <table> */</style>
      <!-- <table><tr><td>no</td></tr></table> -->
      <table><tr><td>yes</td><!-- <td>no</td> --></tr></table>`);
    expect(others).toEqual([]);
    expect(texts(table)).toEqual([['yes']]);
  });

  it('places spanned cells on every column and row they cover, as one cell', () => {
    const [table] = readTables(`<table>
      <tr><th rowspan="2">Post</th><th colspan="2">Interview Required</th></tr>
      <tr><th>B1/B2</th><th>(F,M,J)</th></tr>
      <tr><td colspan=3>AFRICA</td></tr>
      <tr><td>Abuja</td><td>1 Month</td><td rowspan="2">2 Months</td></tr>
      <tr><td>Lagos</td><td>3 Months</td></tr>
    </table>`);
    expect(texts(table)).toEqual([
      ['Post', 'Interview Required', 'Interview Required'],
      ['Post', 'B1/B2', '(F,M,J)'],
      ['AFRICA', 'AFRICA', 'AFRICA'],
      ['Abuja', '1 Month', '2 Months'],
      ['Lagos', '3 Months', '2 Months'],
    ]);
    const rows = table?.rows ?? [];
    expect(rows[0]?.[0]?.id).toBe(rows[1]?.[0]?.id);
    expect(rows[2]?.[0]?.id).toBe(rows[2]?.[2]?.id);
    expect(rows[3]?.[0]?.id).not.toBe(rows[3]?.[1]?.id);
  });

  it('keeps a table nested in a cell as that cell’s text, and the outer table intact', () => {
    const [table, ...others] = readTables(
      '<table><tr><td>a<table><tr><td>b</td><td>c</td></tr></table></td><td>d</td></tr></table>',
    );
    expect(others).toEqual([]);
    expect(texts(table)).toEqual([['a b c', 'd']]);
  });

  it('returns every top-level table, in order', () => {
    const tables = readTables(
      '<table><tr><td>1</td></tr></table><div><table><tr><td>2</td></tr></table></div>',
    );
    expect(tables.map(texts)).toEqual([[['1']], [['2']]]);
  });

  it('marks a table the input cuts off as not closed, keeping what arrived', () => {
    const [table] = readTables('<table><tr><td>Abuja</td><td>1 Mon');
    expect(table?.closed).toBe(false);
    expect(texts(table)).toEqual([['Abuja', '1 Mon']]);
  });

  it('finds no table in a page without one, or with only a stray end tag', () => {
    expect(readTables('<p>Maintenance</p></table>')).toEqual([]);
  });
});

describe('readTables on hostile or broken input', () => {
  // A regex tokenizer rescans to the end at every "<" an unclosed quote follows: minutes on this.
  it.each([
    ['unclosed quotes', '<a title="x '],
    ['tags that never end', '<a b'],
    ['open comments', '<!-- '],
    ['wide colspans', '<tr><td colspan=1000>x'],
  ])('reads a megabyte of %s in linear time, well under two seconds', (_what, unit) => {
    const html = `<table>${unit.repeat(1_000_000 / unit.length)}`;
    const started = performance.now();
    readTables(html);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('lets a stray apostrophe in an unquoted value end with its tag, as browsers do', () => {
    const [table] = readTables("<table><tr><td title=Don't>a</td><td>b</td></tr></table>");
    expect(texts(table)).toEqual([['a', 'b']]);
  });

  it('drops cells past fifty columns', () => {
    const [table] = readTables('<table><tr><td colspan="1000">a</td><td>b</td></tr></table>');
    expect(table?.rows[0]).toHaveLength(50);
  });
});
