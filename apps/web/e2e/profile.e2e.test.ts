import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectSignedIn,
  expectSignedOut,
  expectToast,
  launchBrowser,
  loginThroughModal,
  newUser,
  openPage,
  signUpViaApi,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const profileForm = (page: Page) => page.getByRole("form", { name: "Editar perfil" });
const passwordForm = (page: Page) => page.getByRole("form", { name: "Cambiar contraseña" });

describe("Mi Cuenta (/perfil)", () => {
  it("edita todos los campos del perfil y los conserva al recargar", async () => {
    const { page, errors } = await openPage(browser);
    const user = newUser("perfil");
    await signUpViaApi(page, user);
    await page.goto("/perfil");
    await page.getByRole("heading", { name: "Mi Cuenta", level: 1 }).waitFor();

    const form = profileForm(page);
    const email = form.getByLabel("Correo electrónico");
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await page.getByText("Sin verificar").waitFor();

    await form.getByLabel("Nombre", { exact: true }).fill("Ana María");
    await form.getByLabel("Apellido").fill("Gómez Ruiz");
    await form.getByLabel("Teléfono").fill("+57 300 123 4567");
    await form.getByLabel("Fecha de nacimiento").fill("1990-05-17");
    await form.getByLabel("Sexo").selectOption("femenino");
    await form.getByLabel("País").fill("Colombia");
    await form.getByLabel("Ciudad").fill("Medellín");
    await form.getByLabel("Tipo de usuario").selectOption("empresa");
    await form.getByLabel("Visibilidad del perfil").selectOption("validado");
    await form.getByLabel("Descripción").fill("Me gusta intercambiar libros y herramientas.");
    await form.getByLabel("Facebook").fill("facebook.com/anamaria");
    await form.getByLabel("Instagram").fill("@anamaria");
    await form.getByLabel("LinkedIn").fill("linkedin.com/in/anamaria");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "¡Perfil actualizado exitosamente!");

    await page.reload();
    const reloaded = profileForm(page);
    await reloaded.waitFor();
    const values = {
      name: await reloaded.getByLabel("Nombre", { exact: true }).inputValue(),
      apellido: await reloaded.getByLabel("Apellido").inputValue(),
      telefono: await reloaded.getByLabel("Teléfono").inputValue(),
      fecha: await reloaded.getByLabel("Fecha de nacimiento").inputValue(),
      sexo: await reloaded.getByLabel("Sexo").inputValue(),
      pais: await reloaded.getByLabel("País").inputValue(),
      ciudad: await reloaded.getByLabel("Ciudad").inputValue(),
      userType: await reloaded.getByLabel("Tipo de usuario").inputValue(),
      visibility: await reloaded.getByLabel("Visibilidad del perfil").inputValue(),
      description: await reloaded.getByLabel("Descripción").inputValue(),
      facebook: await reloaded.getByLabel("Facebook").inputValue(),
      instagram: await reloaded.getByLabel("Instagram").inputValue(),
      linkedin: await reloaded.getByLabel("LinkedIn").inputValue(),
    };
    expect(values).toEqual({
      name: "Ana María",
      apellido: "Gómez Ruiz",
      telefono: "+57 300 123 4567",
      fecha: "1990-05-17",
      sexo: "femenino",
      pais: "Colombia",
      ciudad: "Medellín",
      userType: "empresa",
      visibility: "validado",
      description: "Me gusta intercambiar libros y herramientas.",
      facebook: "facebook.com/anamaria",
      instagram: "@anamaria",
      linkedin: "linkedin.com/in/anamaria",
    });
    // The header's avatar follows the new name.
    expect(await page.getByRole("link", { name: "Mi Cuenta" }).textContent()).toBe("AG");
    expect(errors).toEqual([]);
  });

  it("cambia la contraseña y permite entrar con la nueva", async () => {
    const { page } = await openPage(browser);
    const user = newUser("clave");
    await signUpViaApi(page, user);
    await page.goto("/perfil");
    const form = passwordForm(page);
    await form.waitFor();
    const current = form.getByLabel("Contraseña actual");
    const next = form.getByLabel("Nueva contraseña", { exact: true });
    const confirm = form.getByLabel("Confirmar nueva contraseña");
    const submit = form.getByRole("button", { name: "Actualizar contraseña" });

    await current.fill(user.password);
    await next.fill("nueva123");
    await confirm.fill("otra123");
    await submit.click();
    await form.getByText("Las contraseñas no coinciden").waitFor();

    await next.fill("123");
    await confirm.fill("123");
    await submit.click();
    await form.getByText("La nueva contraseña debe tener al menos 6 caracteres").waitFor();

    await current.fill("no-es-la-clave");
    await next.fill("nueva123");
    await confirm.fill("nueva123");
    await submit.click();
    await form.getByRole("alert").getByText("La contraseña actual es incorrecta").waitFor();
    await expectSignedIn(page);

    await current.fill(user.password);
    await submit.click();
    await expectToast(page, "¡Contraseña actualizada exitosamente!");
    expect(await current.inputValue()).toBe("");

    await page.getByRole("navigation", { name: "Cuenta" }).getByRole("button", { name: "Salir" }).click();
    await expectSignedOut(page);
    await loginThroughModal(page, user.email, "nueva123");
    await expectSignedIn(page);
  });

  it("sin sesión pide iniciar sesión y luego muestra la cuenta", async () => {
    const { page } = await openPage(browser);
    const user = newUser("gate");
    await page.goto("/");
    await page.request.post("/api/users/register", { data: user });
    await page.goto("/perfil");
    await page.getByRole("heading", { name: "Inicia sesión para continuar" }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await dialog.waitFor();
    await dialog.getByLabel("Correo electrónico").fill(user.email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill(user.password);
    await dialog.getByRole("button", { name: "Iniciar Sesión" }).click();
    await page.getByRole("heading", { name: "Mi Cuenta", level: 1 }).waitFor();
    expect(await profileForm(page).getByLabel("Correo electrónico").inputValue()).toBe(user.email);
  });
});
