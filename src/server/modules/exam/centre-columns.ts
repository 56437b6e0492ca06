/** A centre's JSON columns read through their schemas (architecture §10: each answer declared once), never cast. */
import { CentreIds, CentreRooms } from '../../../common/schemas/exam.js';

export const parseRooms = (text: string) => CentreRooms.parse(JSON.parse(text));

export const parseIds = (text: string) => CentreIds.parse(JSON.parse(text));
