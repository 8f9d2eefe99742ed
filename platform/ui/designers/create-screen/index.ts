export { CreateScreenDialog, type CreateScreenDialogProps } from './create-screen-dialog';
