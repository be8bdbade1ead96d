import type { PreviewRecords, RecordKind } from '../../contract/pages';
import type { Db } from '../db/open';
import * as repository from './repository';

/**
 * Reads the catalog record a dashboard page is about (an event by slug, a tag or a series by id),
 * or null when there is none: app.ts hands it to the web plugin for page titles and link previews.
 */
export function pageRecordReader(db: Db) {
  return (kind: RecordKind, param: string): Promise<PreviewRecords[RecordKind] | null> => {
    switch (kind) {
      case 'event':
        return repository
          .getEventBySlug(db, param)
          .then((document) => document?.parse<PreviewRecords['event']>() ?? null);
      case 'tag':
        return repository.getTagById(db, param);
      case 'series':
        return repository.getSeriesById(db, param);
    }
  };
}
