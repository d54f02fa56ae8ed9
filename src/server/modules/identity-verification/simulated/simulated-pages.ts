import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import { SIMULATED_DECLINE_REASONS } from '../../../integrations/simulated/build-decision-payload.js';
import { escapeHtml } from '../../../lib/escape-html.js';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${API_PATHS.simulatedIdentityStyles}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const NOTICE =
  '<p class="notice">This is the portal\'s built-in simulated identity check, for demos and local use. No photo or document is taken: choose the decision the provider would send.</p>';

/** The simulated provider's session page: the student's name, Approve, and Decline with a reason. */
export function renderSimulatedSessionPage(input: {
  providerSessionId: string;
  firstName: string;
  lastName: string;
  formToken: string;
}): string {
  const action = apiPath(API_PATHS.simulatedIdentityDecision, {
    sessionId: input.providerSessionId,
  });
  const token = `<input type="hidden" name="token" value="${escapeHtml(input.formToken)}">`;
  const options = Object.entries(SIMULATED_DECLINE_REASONS)
    .map(([value, reason]) => `<option value="${value}">${escapeHtml(reason.label)}</option>`)
    .join('\n');
  return page(
    'Identity Verification (simulated)',
    `<h1>Identity Verification (simulated)</h1>
${NOTICE}
<p class="student">Verifying <strong>${escapeHtml(input.firstName)} ${escapeHtml(input.lastName)}</strong></p>
<form method="post" action="${action}">
${token}
<input type="hidden" name="decision" value="approve">
<button type="submit" class="approve">Approve</button>
</form>
<form method="post" action="${action}">
${token}
<input type="hidden" name="decision" value="decline">
<label for="reason">Reason to decline</label>
<select id="reason" name="reason">
${options}
</select>
<button type="submit" class="decline">Decline</button>
</form>`,
  );
}

/** What the simulated page shows after a decision, or for a session that already has one. */
export function renderSimulatedMessagePage(heading: string, text: string): string {
  return page(heading, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
