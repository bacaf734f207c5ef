"""Forms that make or rename accounts: the sign-up page and the admin's user forms.

The user name is checked by :func:`tournament.selectors.accounts.clean_new_username`
in all of them (and in the self-registration form).
"""

from __future__ import annotations

from django.contrib.auth.forms import AdminUserCreationForm, BaseUserCreationForm, UserChangeForm
from django.utils.translation import gettext_lazy as _

from tournament.selectors.accounts import clean_new_username


class NormalisedUsernameMixin:
    """The user name normalised (NFKC, stripped), without invisible characters, unique ignoring case."""

    def clean_username(self):
        return clean_new_username(self.cleaned_data.get("username", ""), exclude_pk=self.instance.pk)


class SignUpForm(NormalisedUsernameMixin, BaseUserCreationForm):
    """A new account: user name, the password twice (Django's password validation), an optional e-mail."""

    class Meta(BaseUserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("User name")
        self.fields["username"].help_text = _("Letters, digits and @ . + - _ only; no spaces.")
        self.fields["username"].widget.attrs.update({"autocapitalize": "none", "autocomplete": "username"})
        self.fields["email"].required = False
        self.fields["email"].label = _("E-mail (optional)")
        self.fields["email"].help_text = _("Only for resetting a forgotten password.")
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        self.fields["password1"].label = _("Password")
        self.fields["password2"].label = _("Password again")


class AdminUserAddForm(NormalisedUsernameMixin, AdminUserCreationForm):
    pass


class AdminUserChangeForm(NormalisedUsernameMixin, UserChangeForm):
    pass
