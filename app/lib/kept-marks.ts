// The mark a kept part (page-context's kept) leaves in a server render,
// where entry-server puts the part in afterwards: a text, which costs
// React far less than an element (in goja an element it renders costs
// about as much as ten texts). The token keeps page text from posing as a
// mark.

/**
 * What React writes between two texts side by side. Next to a text mark it
 * is not in the whole render, where the part begins and ends with an
 * element (entry-server keeps only such a part) or is nothing: it goes
 * with the mark.
 */
const textSeparator = '<!-- -->';
const textEnd = '\uE001';

export class KeptMarks {
  private readonly textStart: string;

  constructor(token: string) {
    this.textStart = `\uE000${token}:`;
  }

  /** The text mark of part n. */
  text(n: number): string {
    return this.textStart + n + textEnd;
  }

  /**
   * The marks in out from..to (each wholly in or out), in order: [start,
   * end, the part's number], a mark's range taking the separators React
   * wrote beside it.
   */
  find(out: string, from: number, to: number): [number, number, number][] {
    const found: [number, number, number][] = [];
    let last = from; // two marks side by side share the separator between them
    for (let i = out.indexOf(this.textStart, from); i >= 0 && i < to; i = out.indexOf(this.textStart, i + 1)) {
      const n = i + this.textStart.length;
      const close = out.indexOf(textEnd, n);
      let end = close + textEnd.length;
      const before = i - textSeparator.length;
      const start = before >= last && out.startsWith(textSeparator, before) ? before : i;
      if (out.startsWith(textSeparator, end)) end += textSeparator.length;
      found.push([start, end, Number(out.slice(n, close))]);
      last = end;
    }
    return found;
  }
}
