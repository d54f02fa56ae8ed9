import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZMessageListResponseSchema, type TMessage } from '../../shared/messages.js';
import { responseSerializerCompiler } from './response-serializer.js';

const serializerFor = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const MESSAGE: TMessage = {
  id: 1,
  from: 'Admissions Office',
  to: 'Priya Sharma',
  subject: 'Bank statement needed',
  content: 'Please upload it from your application page.',
  isRead: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  direction: 'inbound',
  applicationId: null,
  replyTo: null,
};

describe('answers written from their zod schema', () => {
  it('writes what zod would answer, and nothing the schema does not name', () => {
    const data = [
      { ...MESSAGE, studentId: 'stu_1', officeReadAt: null, passportHash: 'a1b2' },
      { ...MESSAGE, id: 2, applicationId: 7, isRead: true, direction: 'outbound' },
    ];
    const written = serializerFor(ZMessageListResponseSchema)(data);
    expect(JSON.parse(written)).toEqual(ZMessageListResponseSchema.parse(data));
    expect(written).not.toContain('passportHash');
    expect(written).not.toContain('studentId');
  });

  it('writes optional, nullable and free-form fields as JSON does', () => {
    const schema = z.object({
      name: z.string().nullable(),
      nickname: z.string().optional(),
      extensions: z.record(z.string(), z.unknown()),
    });
    const data = { name: null, extensions: { a: [1, { b: 'c' }], d: null } };
    expect(JSON.parse(serializerFor(schema)(data))).toEqual(data);
  });

  it('refuses an answer without a required field, or with a value of the wrong kind', () => {
    const write = serializerFor(ZMessageListResponseSchema);
    const withoutSubject: Partial<TMessage> = { ...MESSAGE };
    delete withoutSubject.subject;
    expect(() => write([withoutSubject])).toThrow(/subject/);
    expect(() => write([{ ...MESSAGE, applicationId: 'seven' }])).toThrow();
  });
});
