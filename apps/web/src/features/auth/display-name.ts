/** The name shown for the signed-in user: the profile's name, else its e-mail, else the fallback. */
export function displayNameOf(
  profile: { name?: string | undefined; email?: string | undefined } | undefined,
  fallback = '',
): string {
  return profile?.name?.trim() || profile?.email?.trim() || fallback;
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase();
}
