// Apart from the hooks: the signed-in shell imports these keys, and the hooks' proto imports
// (schemas and all) should not come with them into the first load.

/** Query keys the realtime bridge invalidates when the server pushes a change. */
export const messageKeys = {
  conversations: ['conversations'] as const,
  thread: (conversationId: string) => ['conversations', 'thread', conversationId] as const,
};
