import { useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { LogoMark } from "../../components/ui/logo.tsx";
import { type AuthDialogMode, closeAuthDialog, openAuthDialog, useAuthDialog } from "../../lib/auth-dialog.ts";
import { ForgotPasswordForm } from "./ForgotPasswordForm.tsx";
import { showForgotPassword, useForgotPasswordView } from "./forgot-password.ts";
import { LoginForm } from "./LoginForm.tsx";
import { RegisterForm } from "./RegisterForm.tsx";

const forgotCopy = {
  title: "¿Olvidaste tu contraseña?",
  description: "Te enviaremos un enlace para elegir una nueva.",
};

const copy: Record<AuthDialogMode, { title: string; description: string }> = {
  login: {
    title: "Iniciar Sesión",
    description: "Ingresa para gestionar tus activos y tus créditos.",
  },
  register: {
    title: "Crea tu cuenta",
    description: "Únete a Valoriza y empieza a darle valor a lo que tienes.",
  },
};

/** The login and register modals (one dialog, two forms), opened from anywhere via openAuthDialog. */
export function AuthDialog() {
  const mode = useAuthDialog();
  // Keep showing the last form while the closing animation runs.
  const lastMode = useRef<AuthDialogMode>("login");
  if (mode) lastMode.current = mode;
  const shown = mode ?? lastMode.current;
  const forgot = useForgotPasswordView() && shown === "login";
  const text = forgot ? forgotCopy : copy[shown];

  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(open) => {
        if (!open) {
          closeAuthDialog();
          showForgotPassword(false);
        }
      }}
    >
      <DialogContent closeLabel="Cerrar ventana">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-11" />
          <DialogTitle className="mt-3 pr-0">{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </div>
        {forgot ? (
          <ForgotPasswordForm key="forgot" onBack={() => showForgotPassword(false)} />
        ) : shown === "login" ? (
          <LoginForm
            key="login"
            onSuccess={closeAuthDialog}
            onSwitch={() => openAuthDialog("register")}
            onForgot={() => showForgotPassword(true)}
          />
        ) : (
          <RegisterForm key="register" onSuccess={closeAuthDialog} onSwitch={() => openAuthDialog("login")} />
        )}
      </DialogContent>
    </Dialog>
  );
}
