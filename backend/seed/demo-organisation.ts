/** Reference data of the demo organisation. */

export const DEMO_CATEGORIES = ['Onboarding', 'Product', 'Safety', 'Compliance', 'Soft skills', 'Management', 'Sales techniques', 'IT security'];

/** `categories` are indexes into DEMO_CATEGORIES. */
export const DEMO_GROUPS = [
  { name: 'Sales', description: 'Account executives and sales engineers', categories: [1, 6] },
  { name: 'Engineering', description: 'Product and platform teams', categories: [1, 7] },
  { name: 'Customer success', description: 'Support and onboarding specialists', categories: [0, 1, 4] },
  { name: 'Quality & compliance', description: 'GMP, audits and regulated processes', categories: [2, 3] },
  { name: 'Human resources', description: 'People, recruiting and training', categories: [0, 4, 5] },
  { name: 'Field operations', description: 'Technicians on customer sites', categories: [2, 7] },
];

export const DEMO_CUSTOM_FIELDS = [
  { name: 'employeeId', labelEn: 'Employee ID', labelFr: 'Matricule', labelEs: 'Número de empleado', labelDe: 'Personalnummer' },
  { name: 'site', labelEn: 'Site', labelFr: 'Site', labelEs: 'Sede', labelDe: 'Standort' },
];

export const DEMO_TERMS = {
  GCU: `<h2>Terms of use</h2>
<p>These terms govern the use of the training platform made available to you by your organisation.</p>
<h3>1. Your account</h3>
<p>Your account is personal. Keep your password secret and tell an administrator at once if you think someone else has used it.</p>
<h3>2. Content</h3>
<p>Speaches published on the platform belong to your organisation or to their authors. You may read them for your own training; you may not copy or distribute them outside the organisation.</p>
<h3>3. Comments and ratings</h3>
<p>Comments must stay courteous and relevant. Administrators may remove any comment that breaks these rules.</p>
<h3>4. Availability</h3>
<p>The platform is provided as is. Planned maintenance is announced in advance whenever possible.</p>
<h3>5. Changes</h3>
<p>When these terms change, you will be asked to read and accept the new version before going on.</p>`,
  PDP: `<h2>Personal data policy</h2>
<p>Your organisation is the controller of the personal data processed by the platform.</p>
<h3>1. What we process</h3>
<p>Your name, e-mail address, group memberships, the speaches you read, your quiz answers, ratings and comments, and the dates of your connections.</p>
<h3>2. Why</h3>
<p>To give you access to your training, to let authors and administrators follow completion and results, and to keep an audit trail of validation decisions.</p>
<h3>3. How long</h3>
<p>Your data is kept while your account is active, then deleted or anonymised according to your organisation's retention rules.</p>
<h3>4. Your rights</h3>
<p>You may ask your administrator for a copy of your data, its correction or its deletion.</p>`,
};
