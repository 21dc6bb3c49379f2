// Integration tests: quiet server logs unless asked for.
process.env.LOG_LEVEL ??= 'silent';
