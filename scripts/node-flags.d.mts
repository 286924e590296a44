/** The flags node runs the server with (decision 081). */
export const SERVER_NODE_FLAGS: string[];
