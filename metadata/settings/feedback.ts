import {
  booleanSchema,
  choiceSchema,
  optionalUrlSchema,
  textSchema,
  type SettingSection,
} from './setting-definition';

/** The feedback-collection panel of users holding CanManageFeedbacks. */
export const feedbackSettings: SettingSection = {
  id: 'Feedback',
  title: 'SETTINGS.SECTION.FEEDBACK',
  settings: [
    {
      key: 'Feedback.ProjectCode',
      schema: textSchema(100),
      default: '',
      title: 'SETTINGS.FEEDBACK.PROJECT_CODE',
    },
    {
      key: 'Feedback.ServerCode',
      schema: textSchema(100),
      default: '',
      title: 'SETTINGS.FEEDBACK.SERVER_CODE',
    },
    {
      key: 'Feedback.FeedbackUrl',
      schema: optionalUrlSchema,
      default: '',
      title: 'SETTINGS.FEEDBACK.URL',
      description: 'SETTINGS.FEEDBACK.URL_HINT',
    },
    {
      key: 'Feedback.TestMode',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.FEEDBACK.TEST_MODE',
    },
    {
      key: 'Feedback.DockPosition',
      schema: choiceSchema([
        ['bottom', 'SETTINGS.FEEDBACK.DOCK.BOTTOM'],
        ['left', 'SETTINGS.FEEDBACK.DOCK.LEFT'],
        ['right', 'SETTINGS.FEEDBACK.DOCK.RIGHT'],
      ]),
      default: 'bottom',
      title: 'SETTINGS.FEEDBACK.DOCK_POSITION',
    },
  ],
};
