import { isPublicPerson } from '@podz/proto';
import type { PersonDocument } from '../data/search-document';
import { personDocument } from './search-documents';
import type { DocumentDeps } from './search-deps';

/** Keeps a user's document after any event of theirs, while they are a public person (a host, a guest or crew). */
export async function refreshPerson(deps: DocumentDeps, userId: string): Promise<void> {
  const [user, before] = await Promise.all([
    deps.identity.user(userId),
    deps.documents.get<PersonDocument>('person', userId),
  ]);
  if (!user || !isPublicPerson(user.access)) {
    if (before) await deps.documents.remove('person', userId);
    return;
  }
  await deps.documents.put(personDocument(user));
}

export async function removePerson(deps: DocumentDeps, userId: string): Promise<void> {
  await deps.documents.remove('person', userId);
}
