export interface TcpProbe {
  host: string;
  port: number;
  send?: string;
  expect?: string;
  timeoutMs?: number;
}
export function probeTcp(probe: TcpProbe): Promise<boolean>;
export function checkPrerequisites(
  env: Record<string, string | undefined>,
  checks?: { probe?: (probe: TcpProbe) => Promise<boolean>; isExecutable?: (file: string) => boolean },
): Promise<string[]>;
