import { deployment } from './schema/deployment';
import type { Db } from './open';

/**
 * This database's deployment id (schema/deployment.ts): the name processes on this database share in
 * Redis, and no other deployment on the same Redis has (two databases of one name on two hosts did).
 */
export async function deploymentId(db: Db): Promise<string> {
  const [row] = await db.select({ id: deployment.id }).from(deployment).limit(1);
  if (!row) throw new Error('The deployment table has no row: its migration did not run.');
  return row.id;
}
