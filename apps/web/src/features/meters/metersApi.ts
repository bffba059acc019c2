import { useQuery } from '@tanstack/react-query';
import { METERS_PATH, METERS_POLL_MS, metersResponseSchema } from '@tapeline/core';
import { dataHost } from '../../lib/dataHost.ts';

/**
 * The gauges' figures from the data host, every 5 s. Any failure (404 before the endpoint
 * exists, 503 while the engine is away, a malformed answer) makes the query an error, which the
 * widget shows as "Meters unavailable" once the app's retries (lib/queryClient.ts) fail too.
 */
export function useMeters() {
  return useQuery({
    queryKey: ['meters'],
    queryFn: async () => (await dataHost.get(METERS_PATH, metersResponseSchema)).data,
    refetchInterval: METERS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
