import { useOptionalComponent } from '@podz/kit/testing';

/** The node the OpenSearch suite uses: OPENSEARCH_URL, or deploy/local's on its port. */
export const openSearchUrl = () =>
  process.env.OPENSEARCH_URL ?? `http://127.0.0.1:${process.env.PODZ_OPENSEARCH_PORT ?? 9200}`;

/** Finds the OpenSearch node or starts one with deploy/local; stops it afterwards only when it started it. */
export const useOpenSearch = () =>
  useOptionalComponent({
    name: 'opensearch',
    url: openSearchUrl,
    configured: () => Boolean(process.env.OPENSEARCH_URL),
    answers: async (url) => {
      const res = await fetch(`${url}/_cluster/health`, { signal: AbortSignal.timeout(3_000) }).catch(
        () => null,
      );
      return res?.ok ?? false;
    },
    // The first start resolves OpenSearch's jars from Maven Central and compiles the launcher.
    startTimeoutMs: 9 * 60_000,
  });
