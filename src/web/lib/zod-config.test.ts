import { describe, expect, it } from 'vitest';
import { configureZod } from './zod-config.js';

describe('zod in the web app', () => {
  it('runs jitless once configured, as z.config() reports it', async () => {
    configureZod();
    const { z } = await import('zod');

    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Priya' })).toEqual({ name: 'Priya' });
  });
});
