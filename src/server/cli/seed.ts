import type { Database } from '../db/open';

/** Placeholder: fills an empty catalog with the demo catalog (issue 2). */
export async function seedIfEmpty(_database: Database, _events: number): Promise<void> {}
