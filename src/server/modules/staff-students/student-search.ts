import { type SQL, sql } from 'drizzle-orm';
import type { QueryBindings } from '../../db/query-bindings.js';
import { studentWords } from '../../db/schema.js';

/** A search of more words than this is cut to them: each word is one more range of the index. */
const MAX_SEARCH_WORDS = 8;

/**
 * Where a name, an e-mail or an id breaks into words: spaces and the marks migration 0013 cuts
 * derived.student_words at ('.', '@', '_', '+', apostrophe, hyphen).
 */
const WORD_BREAKS = /[\s.@_+'-]+/u;

/** The words of a search, as many as are searched for. */
export const searchWords = (q: string | undefined): string[] =>
  (q ?? '').split(WORD_BREAKS).filter(Boolean).slice(0, MAX_SEARCH_WORDS);

/** The name of a search's matches (a CTE of the statement that reads them), and its columns. */
export const MATCHES = 'matches';
const matchColumn = (name: string) => sql`${sql.identifier(MATCHES)}.${sql.identifier(name)}`;

/** What the list reads of a search's matches: the columns of searchMatches. */
export const MATCH_COLUMNS = {
  id: matchColumn('student_id'),
  stage: matchColumn('stage'),
  schoolId: matchColumn('school_id'),
  agencyId: matchColumn('agency_id'),
  lastNameKey: matchColumn('last_name_key'),
  firstNameKey: matchColumn('first_name_key'),
};

/**
 * The students a search matches, as a query (the body of the CTE `matches`): one row each, for
 * students who have, for every word of the search, a word beginning with it (case and accents
 * aside), with what the list filters, orders and counts them by. Each word is one range of student_words_prefix_idx,
 * which holds every column read here, so the database reads the index alone however many
 * students match (docs/decisions/018). The range is written with the pattern operators, which a
 * prepared statement's generic plan can use with the word bound, where a LIKE prefix cannot.
 */
export function searchMatches(words: string[], bindings: QueryBindings): SQL {
  const w = studentWords;
  const branches = words.map((word, i) => {
    const start = sql`student_search_words(${bindings.bind(`word${String(i)}`, word)})`;
    return sql`select ${sql.raw(String(i))} as word_number, ${w.studentId}, ${w.stage},
        ${w.schoolId}, ${w.agencyId}, ${w.lastNameKey}, ${w.firstNameKey}
      from ${w} where ${w.word} ~>=~ ${start} and ${w.word} ~<~ (${start} || chr(1114111))`;
  });
  // A student found by every word has each word's bit; the other columns are the student's own,
  // the same in each of their words' rows, so min() only picks them up.
  const everyWord = (1 << words.length) - 1;
  return sql`select student_id, min(stage) as stage, min(school_id) as school_id,
      min(agency_id) as agency_id, min(last_name_key) as last_name_key,
      min(first_name_key) as first_name_key
    from (${sql.join(branches, sql` union all `)}) words_found
    group by student_id
    having bit_or(1 << word_number) = ${sql.raw(String(everyWord))}`;
}
