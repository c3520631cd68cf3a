import { renderMarkdown } from './markdown';
import { conflict, isoOrNull } from '@podz/kit';
import { GENERATED_DOC_SLUG, type Doc } from '@podz/proto';
import type { DocRecord } from '../data/doc-model';

export function docView(record: Omit<DocRecord, 'createdAt'>, generated = false): Doc {
  return {
    slug: record._id,
    title: record.title,
    generated,
    updatedAt: isoOrNull(record.updatedAt),
    markdown: record.markdown,
    ...renderMarkdown(record.markdown),
    updatedBy: record.updatedBy,
  };
}

export const refuseGenerated = (slug: string) => {
  if (slug === GENERATED_DOC_SLUG) {
    throw conflict('The API reference is generated from @podz/proto; change the code to change it');
  }
};
