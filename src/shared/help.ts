import { z } from 'zod';

/**
 * POST /api/university-details (spec sections 3 "University details" and 7): the school the
 * student enrolls with. The keys are the spec's, spaces and capitals included. Links (logo, social
 * pages, website) come with https: or not at all (see withHttps); the rest is as the school gave it.
 */
export const ZUniversityDetailsSchema = z.object({
  Name: z.string(),
  Logo: z.string().nullable(),
  'Institution Type': z.string().nullable(),
  'Institution Size': z.string().nullable(),
  'Phone Number': z.string().nullable(),
  inbound_email_address: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  'Address Line 1': z.string().nullable(),
  'City Location': z.string().nullable(),
  State: z.string().nullable(),
  'ZIP Code': z.string().nullable(),
  Country: z.string().nullable(),
  Facebook: z.string().nullable(),
  Instagram: z.string().nullable(),
  Twitter: z.string().nullable(),
  Website: z.string().nullable(),
  /** Whole; the help page shows the first MISSION_PREVIEW_LENGTH characters. */
  Mission: z.string().nullable(),
});
export type TUniversityDetails = z.infer<typeof ZUniversityDetailsSchema>;

/** `school` is null for a student whose record names no school yet ('No university details found'). */
export const ZUniversityDetailsResponseSchema = z.object({
  school: ZUniversityDetailsSchema.nullable(),
});
export type TUniversityDetailsResponse = z.infer<typeof ZUniversityDetailsResponseSchema>;

/** POST /api/agency-details (spec sections 3 "Agency details" and 7): the agency and the agent. */
export const ZAgencySchema = z.object({
  'Company Name': z.string(),
  Logo: z.string().nullable(),
  'Phone Number': z.string().nullable(),
  'Public Email': z.string().nullable(),
  City: z.string().nullable(),
  State: z.string().nullable(),
  Country: z.string().nullable(),
  'Business Services': z.array(z.string()),
  Facebook: z.string().nullable(),
  Instagram: z.string().nullable(),
  Twitter: z.string().nullable(),
  Website: z.string().nullable(),
});
export type TAgency = z.infer<typeof ZAgencySchema>;

export const ZAgentSchema = z.object({
  'First Name': z.string(),
  'Last Name': z.string(),
  'phone number': z.string().nullable(),
});
export type TAgent = z.infer<typeof ZAgentSchema>;

/**
 * Both null for a student who enrolled directly, without an agency: that is an answer, not an
 * error, and the help page says 'No agency details found'.
 */
export const ZAgencyDetailsResponseSchema = z.object({
  agency: ZAgencySchema.nullable(),
  agent: ZAgentSchema.nullable(),
});
export type TAgencyDetailsResponse = z.infer<typeof ZAgencyDetailsResponseSchema>;

/** The spec posts nothing to either details call; a body, if any, must be an empty object. */
export const ZDetailsRequestSchema = z.object({}).strict().nullish();

/** Spec section 3: the mission is shown cut to 400 characters, with an ellipsis. */
export const MISSION_PREVIEW_LENGTH = 400;

/** Spec section 7, "Caching": university and agency details are fresh for 5 minutes. */
export const DETAILS_STALE_TIME_MS = 5 * 60 * 1000;

/** Spec section 8, "Help": every message of the help page, verbatim. */
export const HELP_MESSAGES = {
  universityUnavailable: 'Unable to load university details',
  contactUniversity: 'Please contact your university directly for assistance',
  noUniversity: 'No university details found',
  noAgency: 'No agency details found',
  universityFetchFailed: 'Failed to fetch university details',
  agencyFetchFailed: 'Failed to fetch agency details',
  noToken: 'No authentication token found',
} as const;

/** Spec section 2, "/help": the product support card. */
export const SUPPORT_HOURS = '9am - 6pm EST via chat';
/**
 * The 'Live Chat' link. The spec names the link but not where it goes; this is the support site
 * on the domain of the default support e-mail (DEFAULT_BRANDING in src/shared/branding.ts).
 */
export const SUPPORT_CHAT_URL = 'https://f1studentportal.com/chat';

/** Spec section 2, "/help": the US government's own sites, the only sources to trust. */
export const US_GOVERNMENT_RESOURCES = [
  {
    title: 'U.S. Citizenship and Immigration Services (USCIS)',
    description: 'Immigration benefits, forms, and your status once you are in the United States.',
    href: 'https://www.uscis.gov',
  },
  {
    title: 'Bureau of Consular Affairs: Student Visas',
    description:
      'The U.S. Department of State on F-1 visas: who needs one, how to apply, and what to bring.',
    href: 'https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html',
  },
  {
    title: 'SEVIS I-901 Fee Payment',
    description: 'The official site to pay the SEVIS I-901 fee and print your receipt.',
    href: 'https://www.fmjfee.com',
  },
  {
    title: 'SEVIS Information (ICE)',
    description:
      'U.S. Immigration and Customs Enforcement on the Student and Exchange Visitor Information System.',
    href: 'https://www.ice.gov/sevis',
  },
  {
    title: 'U.S. Embassy and Consulate Locator',
    description: 'Find the U.S. embassy or consulate where you live, for your visa interview.',
    href: 'https://www.usembassy.gov',
  },
] as const;
