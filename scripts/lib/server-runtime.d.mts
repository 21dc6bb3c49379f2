export const SERVER_NODE_ARGS: string[];
export const SERVER_ENV: Record<string, string>;
