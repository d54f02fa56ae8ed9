import { asc, eq } from 'drizzle-orm';
import type { TMoiQuestion } from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { moiQuestions } from '../../db/schema.js';

/** The interview's questions in the order they are asked; a retired question is not asked. */
export async function listMoiQuestions(db: Database): Promise<TMoiQuestion[]> {
  return db
    .select({ id: moiQuestions.id, text: moiQuestions.text })
    .from(moiQuestions)
    .where(eq(moiQuestions.active, true))
    .orderBy(asc(moiQuestions.position), asc(moiQuestions.id));
}
