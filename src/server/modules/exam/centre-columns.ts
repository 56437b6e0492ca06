/** A centre's JSON columns read through their schemas (architecture §10: each answer declared once), never cast. */
import { CentreIds, CentreRooms } from '../../../common/schemas/exam.js';
import { parseJsonColumn } from '../../db/json-column.js';

export const parseRooms = (text: string) => parseJsonColumn(CentreRooms, text);

export const parseIds = (text: string) => parseJsonColumn(CentreIds, text);
