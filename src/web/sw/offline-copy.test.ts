import { describe, expect, it } from 'vitest';
import { SEALED_PROFILE_FIELDS } from '../../shared/sealed-profile-fields.js';
import { offlineCopyOf, profileWithoutSealedFields } from './offline-copy.js';

const profile = {
  firstName: 'Priya',
  lastName: 'Sharma',
  nationality: 'India',
  passportNumber: 'Z7654321',
  dateOfBirth: '2001-06-02',
  medicalConditions: 'Asthma',
  emergencyContactName: 'Anjali Sharma',
  emergencyContactPhone: '+91 98200 77456',
  emergencyContactRelation: 'Parent',
  dietaryRestrictions: 'Vegetarian',
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const text = (buffer: ArrayBuffer) => new TextDecoder().decode(buffer);

describe('the offline copy of an answer', () => {
  it('leaves every field sealed at rest out of the profile, and keeps the rest', () => {
    const copy = JSON.parse(profileWithoutSealedFields(JSON.stringify(profile))) as object;

    expect(copy).toEqual({
      firstName: 'Priya',
      lastName: 'Sharma',
      nationality: 'India',
      dietaryRestrictions: 'Vegetarian',
    });
    for (const field of SEALED_PROFILE_FIELDS) expect(copy).not.toHaveProperty(field);
  });

  it('strips the profile read, under its URL', async () => {
    const copy = text(await offlineCopyOf('https://portal.example/api/profile', json(profile)));
    expect(copy).not.toContain('Z7654321');
    expect(copy).not.toContain('Anjali');
    expect(copy).toContain('India');
  });

  it('keeps every other answer whole', async () => {
    const messages = [{ subject: 'Bank statement needed for your I-20' }];
    const copy = await offlineCopyOf('https://portal.example/api/messages', json(messages));
    expect(JSON.parse(text(copy))).toEqual(messages);
  });

  it('refuses to keep a profile answer that is not a JSON object', () => {
    expect(() => profileWithoutSealedFields('["Z7654321"]')).toThrow(TypeError);
    expect(() => profileWithoutSealedFields('Z7654321')).toThrow(SyntaxError);
  });
});
