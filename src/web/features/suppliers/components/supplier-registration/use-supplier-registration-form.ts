// The supplier wizard's state (spec §2, §5): the three steps, each checked with its shared schema before
// the next, back allowed, and the submit at step 3 (decision 021: success goes to /login, not signed in).
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type certificationTypes, supplierAccountStep, supplierFarmStep } from '../../../../../shared/suppliers.ts';
import { paths } from '../../../../app/paths.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { translateEnglish } from '../../../../lib/i18n/english-messages.ts';
import { t } from '../../../../lib/i18n/language.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useRegisterSupplier } from '../../api/register-supplier.ts';

/** The steps' names (catalogue keys), in order. */
export const registrationSteps = [
  'suppliers.stepAccount',
  'suppliers.stepFarmDetails',
  'suppliers.stepReview',
] as const;

/** What each step checks before the next one opens (the review step has nothing to check). */
const stepSchemas: (z.ZodType | null)[] = [supplierAccountStep, supplierFarmStep, null];

export type SupplierRegistrationValues = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  businessName: string;
  contactPerson: string;
  contactNumber: string;
  farmLocation: string;
  certificationType: string;
  produceTypes: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
  accountHolderName: string;
};

const initialValues: SupplierRegistrationValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  businessName: '',
  contactPerson: '',
  contactNumber: '',
  farmLocation: '',
  certificationType: '',
  produceTypes: '',
  bankName: '',
  accountNumber: '',
  branchCode: '',
  accountHolderName: '',
};

/** The server's failure message, else the spec's (§8). */
export const registrationFailure = (error: unknown) =>
  (error instanceof ApiError && error.serverMessage) || t('suppliers.createFailed');

/** The request body: the wizard's fields without the confirmation, as a supplier. */
function registrationBody({ confirmPassword: _, certificationType, ...v }: SupplierRegistrationValues) {
  return {
    ...v,
    role: 'supplier' as const,
    certificationType: certificationType as (typeof certificationTypes)[number],
  };
}

/** Field errors for a failed step: the first message shows above the form, so its fields are only marked. */
function stepErrors(issues: z.ZodError['issues']) {
  // The shared schemas say their messages in English; the reader gets them in the current language.
  const first = translateEnglish(issues[0].message);
  const errors: Record<string, string | boolean> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    const message = translateEnglish(issue.message);
    if (!(field in errors)) errors[field] = message === first ? true : message;
  }
  return { first, errors };
}

export function useSupplierRegistrationForm() {
  const navigate = useNavigate();
  const register = useRegisterSupplier();
  const [step, setStep] = useState(0);
  const [stepError, setStepError] = useState<string | null>(null);
  // Register's Supplier choice brings the name and e-mail already typed (decision 041).
  const carried = (useLocation().state ?? {}) as { name?: unknown; email?: unknown };
  const form = useForm<SupplierRegistrationValues>({
    initialValues: {
      ...initialValues,
      name: typeof carried.name === 'string' ? carried.name : '',
      email: typeof carried.email === 'string' ? carried.email : '',
    },
  });
  const isLastStep = step === registrationSteps.length - 1;

  /** Checks the current step with its shared schema: the first message above the form, the fields marked. */
  function checkStep(): boolean {
    const schema = stepSchemas[step];
    const result = schema ? schema.safeParse(form.values) : null;
    if (!result || result.success) {
      form.clearErrors();
      setStepError(null);
      return true;
    }
    const { first, errors } = stepErrors(result.error.issues);
    form.setErrors(errors);
    setStepError(first);
    return false;
  }

  const next = () => {
    if (checkStep()) setStep((s) => Math.min(s + 1, registrationSteps.length - 1));
  };
  const back = () => {
    setStepError(null);
    form.clearErrors();
    setStep((s) => Math.max(s - 1, 0));
  };
  const submit = () =>
    register.mutate(registrationBody(form.values), {
      onSuccess: ({ message }) => {
        notifySuccess(message, t('suppliers.registrationReceived'));
        navigate(paths.login.href());
      },
      onError: (error) => notifyError(registrationFailure(error)),
    });

  /** The form's submit: Next on steps 1 and 2, Create Supplier Account on the review. */
  const onSubmit = () => (isLastStep ? submit() : next());

  return { form, step, stepName: registrationSteps[step], isLastStep, stepError, back, onSubmit, register };
}

export type SupplierRegistrationForm = ReturnType<typeof useSupplierRegistrationForm>['form'];
