/**
 * The parts of the MCP SDK `collab mcp serve` uses, in one module that the build bundles apart from
 * the CLI (scripts/bundle.mjs): only this command loads it, and the single file and the executable
 * carry it as one chunk of its own (scripts/package.mjs).
 * Only the server and its stdio transport: not the HTTP transports, which bring express and hono.
 */
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
export { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
