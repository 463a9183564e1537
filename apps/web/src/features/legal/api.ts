import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptConsentResponseSchema, DATA_RIGHTS_MSG, TERMINOS_VERSION } from "@valoriza/domain";
import type { Profile } from "../../lib/account.ts";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

type Consent = NonNullable<Profile["consentimiento"]>;

/** POST /api/profile/consentimiento with the current version; the profile in the cache gets the answer. */
export function useAcceptConsentMutation() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (): Promise<Consent> => {
      const body = await apiRequest("/profile/consentimiento", {
        method: "POST",
        body: { version: TERMINOS_VERSION },
      });
      const { version, fecha } = parseAnswer(acceptConsentResponseSchema, body, DATA_RIGHTS_MSG.consentError).data;
      return { version, fecha };
    },
    onSuccess: (consent) => {
      if (!user) return;
      queryClient.setQueryData<Profile>(queryKeys.profile(user._id), (old) =>
        old ? { ...old, consentimiento: consent } : old,
      );
    },
  });
}
