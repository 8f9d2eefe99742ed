/** E-mail templates (`/admin/templates`, `/admin/templates/{id}`). */
export const templateTexts: Record<string, string> = {
  'ROUTES.TEMPLATES': 'E-mail templates',

  'ENTITY.TEMPLATE.RECORD': 'E-mail template',
  'ENTITY.TEMPLATE.CODE': 'Code',
  'ENTITY.TEMPLATE.TITLE': 'Title',
  'ENTITY.TEMPLATE.LANGUAGE': 'Language',
  'ENTITY.TEMPLATE.IS_SYSTEM': 'System template',
  'ENTITY.TEMPLATE.SUBJECT': 'Subject',
  'ENTITY.TEMPLATE.BODY': 'Body',
  'ENTITY.TEMPLATE.PARAMETERS': 'Parameters',
  'ENTITY.TEMPLATE.PARAMETER': 'Parameter',
  'ENTITY.TEMPLATE.PARAMETER_TITLE': 'Name',
  'ENTITY.TEMPLATE.PARAMETER_NOTES': 'Notes',

  'TEMPLATES.NEW': 'New e-mail template',
  'TEMPLATES.HEADING': 'E-mail template: {{title}}',
  'TEMPLATES.NOT_LOADED': 'The e-mail template could not be loaded.',
  'TEMPLATES.SAVED': 'The e-mail template was saved.',
  'TEMPLATES.SAVE_FAILED': 'The e-mail template was not saved',
  'TEMPLATES.DISCARD_CONFIRM': 'Discard your changes to this template?',
  'TEMPLATES.SWITCH_CONFIRM': 'Discard your changes to this template and open another language?',
  'TEMPLATES.LANGUAGE_SWITCH': 'Show in language',
  'TEMPLATES.LANGUAGE_SWITCH_HINT':
    'Mails go out in the recipient’s language, else in English (UK).',
  'TEMPLATES.NEW_TRANSLATION_TITLE': 'Not translated yet',
  'TEMPLATES.NEW_TRANSLATION':
    'There is no {{language}} text of this template yet. The text below is a copy to start from; saving it creates the {{language}} template.',

  'TEMPLATES.PARAMETERS.TITLE': 'Parameters',
  'TEMPLATES.PARAMETERS.HINT':
    'Click a parameter to insert it where the cursor is in the subject or the body. The application fills in its value when it sends the mail.',
  'TEMPLATES.PARAMETERS.HINT_READ_ONLY':
    'The values the application fills in when it sends the mail.',
  'TEMPLATES.PARAMETERS.NONE': 'This template has no parameters.',
  'TEMPLATES.PARAMETERS.INSERT': 'Insert {{name}}',

  'TEMPLATES.PREVIEW.TITLE': 'Preview',
  'TEMPLATES.PREVIEW.HINT':
    'The mail as it is sent, with sample values in place of the parameters.',
  'TEMPLATES.PREVIEW.FAILED': 'The preview could not be made.',
  'TEMPLATES.PREVIEW.SUBJECT': 'Subject:',
  'TEMPLATES.PREVIEW.HTML': 'Formatted mail',
  'TEMPLATES.PREVIEW.TEXT': 'Plain text',

  'TEMPLATES.TEST_MAIL.TITLE': 'Test mail',
  'TEMPLATES.TEST_MAIL.HINT':
    'Sends the template as it is now, with sample values, to your own e-mail address.',
  'TEMPLATES.TEST_MAIL.SEND': 'Send test mail',
  'TEMPLATES.TEST_MAIL.SENT': 'The test mail was sent to your e-mail address.',
  'TEMPLATES.TEST_MAIL.FAILED': 'The test mail was not sent',

  'TEMPLATES.EDITOR.BOLD': 'Bold',
  'TEMPLATES.EDITOR.ITALIC': 'Italic',
  'TEMPLATES.EDITOR.UNDERLINE': 'Underline',
  'TEMPLATES.EDITOR.STRIKE': 'Strikethrough',
  'TEMPLATES.EDITOR.CLEAR_FORMATTING': 'Clear formatting',
  'TEMPLATES.EDITOR.HEADING': 'Heading',
  'TEMPLATES.EDITOR.SUBHEADING': 'Subheading',
  'TEMPLATES.EDITOR.BULLET_LIST': 'Bulleted list',
  'TEMPLATES.EDITOR.ORDERED_LIST': 'Numbered list',
  'TEMPLATES.EDITOR.QUOTE': 'Quote',
  'TEMPLATES.EDITOR.LINK': 'Link',
  'TEMPLATES.EDITOR.UNLINK': 'Remove link',
  'TEMPLATES.EDITOR.LINK_ADDRESS':
    'Link address (https://, mailto: or a parameter such as {{Link}})',
  'TEMPLATES.EDITOR.LINK_SAVE': 'Save',
  'TEMPLATES.EDITOR.LINK_NEW_TAB': 'Open the link in a new tab',
  'TEMPLATES.EDITOR.LINK_SAME_TAB': 'Open the link in the same tab',
  'TEMPLATES.EDITOR.UNDO': 'Undo',
  'TEMPLATES.EDITOR.REDO': 'Redo',
};
