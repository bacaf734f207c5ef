"""Accounts: user names (one rule everywhere), the sign-up page, the password reset by e-mail."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.fixtures.day import round_to_come
from tournament.models import Registration
from tournament.selectors.accounts import (
    UsernameTaken,
    clean_new_username,
    find_user,
    normalise_username,
    username_key,
    users_named,
    validate_username,
)

User = get_user_model()
STRONG = "Stones-and-Pairs-42"


# --- the rule for user names -------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("ＡＤＭＩＮ", "ADMIN"),  # fullwidth letters
        ("  anna\t", "anna"),  # blanks around
        ("ｊｏｎａｓ＿９", "jonas_9"),  # fullwidth digit and low line
        ("Jürgen", "Jürgen"),  # composed already
        ("Ju\u0308rgen", "Jürgen"),  # u + combining diaeresis becomes ü
    ],
)
def test_names_are_normalised(typed, stored):
    assert normalise_username(typed) == stored
    validate_username(stored)  # and allowed


def test_key_ignores_case_after_normalisation():
    assert username_key("ＡＤＭＩＮ") == username_key("Admin") == username_key(" admin ") == "admin"
    assert username_key("JÜRGEN") == username_key("jürgen")
    assert username_key("anna") != username_key("anne")


@pytest.mark.parametrize(
    ("typed", "culprit"),
    [
        ("an\u200bna", "U+200B"),  # zero-width space (Cf)
        ("anna\u200d", "U+200D"),  # zero-width joiner at the end: strip() keeps it (Cf)
        ("\u202eanna", "U+202E"),  # right-to-left override (Cf)
        ("an\x07na", "U+0007"),  # bell (Cc)
        ("an\x00na", "U+0000"),  # NUL (Cc)
        ("an\ue000na", "U+E000"),  # private use (Co)
        ("an\u0378na", "U+0378"),  # unassigned (Cn)
        ("an\ud800na", "U+D800"),  # lone surrogate (Cs)
    ],
)
def test_invisible_and_control_characters_are_refused_by_name(typed, culprit):
    with pytest.raises(ValidationError) as caught:
        validate_username(normalise_username(typed))
    assert caught.value.code == "invisible"
    assert culprit in caught.value.messages[0]


@pytest.mark.parametrize("typed", ["an na", "an\u00a0na", "an\u3000na", "an\u2028na", "an\u2029na"])
def test_spaces_and_line_separators_inside_are_refused(typed):
    """A no-break or ideographic space becomes a plain one (NFKC): refused as a space; line separators as invisible."""
    with pytest.raises(ValidationError) as caught:
        validate_username(normalise_username(typed))
    assert caught.value.code in {"space", "invisible"}
    if typed in ("an na", "an\u00a0na", "an\u3000na"):
        assert caught.value.code == "space"


def test_other_punctuation_is_refused():
    with pytest.raises(ValidationError):
        validate_username("anna/bob")


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["ＡＤＭＩＮ", "Admin", "ADMIN", " admin "])
def test_a_name_equal_ignoring_case_is_taken(typed):
    User.objects.create_user("admin", password="x")
    with pytest.raises(UsernameTaken):
        clean_new_username(typed)


@pytest.mark.django_db
def test_non_ascii_case_collision_is_found_on_every_database():
    """SQLite's LIKE and UPPER know only ASCII letters: JÜRGEN must still meet jürgen."""
    User.objects.create_user("jürgen", password="x")
    with pytest.raises(UsernameTaken):
        clean_new_username("JÜRGEN")
    assert clean_new_username("jurgen") == "jurgen"  # another name


@pytest.mark.django_db
def test_renaming_an_account_to_its_own_name_in_other_case_is_allowed():
    user = User.objects.create_user("anna", password="x")
    assert clean_new_username("Anna", exclude_pk=user.pk) == "Anna"


# --- logging in with the name as typed ---------------------------------------------


@pytest.mark.parametrize("typed", ["ＡＬＩＣＥ", "Alice", " alice ", "alice"])
def test_log_in_with_the_name_as_typed(client, day, typed):
    response = client.post(reverse("login"), {"username": typed, "password": "pw-alice-123"})
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == day.user("alice").pk


def test_log_in_with_invisible_character_fails_normally(client, day):
    response = client.post(reverse("login"), {"username": "ali\u200bce", "password": "pw-alice-123"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_admin_log_in_with_the_name_as_typed(client, day):
    response = client.post(reverse("admin:login"), {"username": "ＡＤＭＩＮ", "password": "pw-admin-123"})
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == day.user("admin").pk


# --- the sign-up page --------------------------------------------------------------


def _sign_up(client, username="nina", password1=STRONG, password2=STRONG, email="", next_url=None, **extra):
    url = reverse("signup") + (f"?next={next_url}" if next_url is not None else "")
    data = {"username": username, "password1": password1, "password2": password2, "email": email}
    if next_url is not None:
        data["next"] = next_url
    return client.post(url, data, **extra)


def test_sign_up_page_is_in_the_site_layout(client, db):
    page = client.get(reverse("signup"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Vielseitig" in page and 'name="password2"' in page and 'name="email"' in page
    page = client.get(reverse("signup"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Registrieren" in page or "Konto" in page


def test_sign_up_logs_in_and_goes_on_to_next(client, db):
    response = _sign_up(client, username="ＮＩＮＡ", email="nina@example.org", next_url="/t/demo/register/")
    assert response.status_code == 302 and response["Location"] == "/t/demo/register/"
    user = User.objects.get(username="NINA")
    assert user.email == "nina@example.org" and user.check_password(STRONG)
    assert int(client.session["_auth_user_id"]) == user.pk


def test_sign_up_without_e_mail_and_without_next_goes_to_the_start_page(client, db):
    response = _sign_up(client)
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert User.objects.get(username="nina").email == ""


@pytest.mark.parametrize(
    "next_url", ["https://evil.example/", "//evil.example/", "http://testserver@evil.example/", "javascript:alert(1)"]
)
def test_sign_up_does_not_send_people_to_other_sites(client, db, next_url):
    response = _sign_up(client, next_url=next_url)
    assert response.status_code == 302 and response["Location"] == reverse("home")


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "The two password fields didn’t match."), ("de", "Die beiden Passwörter sind nicht identisch.")],
)
def test_password_mismatch_is_explained_in_both_languages(client, db, language, message):
    response = _sign_up(client, password2=STRONG + "x", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.exists()


def test_weak_password_is_refused(client, db):
    response = _sign_up(client, password1="nina", password2="nina", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "password2" in response.context["form"].errors
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("typed", "language", "message"),
    [
        ("ＡＬＩＣＥ", "en", "This user name is taken; log in first if it is yours."),
        ("Alice", "de", "Dieser Benutzername ist vergeben"),
        ("ali\u200bce", "en", "invisible or control character (U+200B ZERO WIDTH SPACE)"),
        ("ali\u200bce", "de", "U+200B ZERO WIDTH SPACE"),
        ("ali ce", "en", "The user name may not contain spaces."),
    ],
)
def test_sign_up_refuses_bad_and_taken_names_clearly(client, day, typed, language, message):
    response = _sign_up(client, username=typed, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == len(day.users)


def test_the_same_sign_up_sent_again_at_once_is_one_account(client, db):
    """The second of two identical POSTs (a double click) finds the account just made: logged in, sent on."""
    assert _sign_up(client, email="nina@example.org").status_code == 302
    from django.test import Client

    second = Client()
    response = _sign_up(second, email="nina@example.org", next_url="/t/x/")
    assert response.status_code == 302 and response["Location"] == "/t/x/"
    assert User.objects.filter(username="nina").count() == 1
    # another password is somebody else: refused
    third = Client()
    response = _sign_up(third, password1=STRONG + "!", password2=STRONG + "!", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "This user name is taken" in response.content.decode()


def test_signed_in_user_is_sent_on(client, day):
    client.force_login(day.user("alice"))
    response = client.get(reverse("signup") + "?next=/t/hannover/")
    assert response.status_code == 302 and response["Location"] == "/t/hannover/"


def test_log_in_page_links_to_sign_up_and_password_reset(client, db):
    page = client.get(reverse("login") + "?next=/t/hannover/register/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("password_reset") in page and "Forgot your password?" in page
    assert reverse("signup") + "?next=/t/hannover/register/" in page
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Passwort vergessen?" in page


# --- the self-registration form's account ------------------------------------------


def _register(client, day, username, **extra):
    if not day.tournament.rounds.filter(status="planned").exists():
        round_to_come(day.tournament)
    return client.post(
        reverse("register", args=[day.tournament.slug]),
        {
            "given_name": "Erika",
            "surname": "Ernst",
            "club": "Hannover",
            "country": "de",
            "rank": "2d",
            "egd_pin": "",
            "email": "erika@example.org",
            "username": username,
            "password": STRONG,
        },
        **extra,
    )


def test_self_registration_normalises_the_user_name(client, day):
    response = _register(client, day, "ＥＲＩＫＡ")
    assert response.status_code == 302
    user = User.objects.get(username="ERIKA")
    assert Registration.objects.get(user=user).tournament == day.tournament
    assert int(client.session["_auth_user_id"]) == user.pk  # logged in by the site's backend


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("ＢＯＢ", "This user name is taken"),
        ("er\u200bika", "U+200B"),
    ],
)
def test_self_registration_refuses_taken_and_invisible_names(client, day, typed, message):
    response = _register(client, day, typed, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and message in response.content.decode()
    assert not Registration.objects.filter(surname="Ernst").exists()


# --- the admin's user forms ------------------------------------------------------------


def test_admin_add_user_normalises_and_refuses_case_collisions(client, day):
    client.force_login(day.user("admin"))
    url = reverse("admin:auth_user_add")
    data = {"password1": STRONG, "password2": STRONG, "usable_password": "true"}
    response = client.post(url, {**data, "username": "Ａlice"})
    assert response.status_code == 200 and "username" in response.context["adminform"].form.errors
    response = client.post(url, {**data, "username": "zoe\u200b"})
    assert response.status_code == 200 and "username" in response.context["adminform"].form.errors
    response = client.post(url, {**data, "username": " ＺＯＥ "})
    assert response.status_code == 302
    assert User.objects.filter(username="ZOE").exists()


def test_admin_change_user_refuses_renaming_onto_another_account(client, day):
    client.force_login(day.user("admin"))
    bob = day.user("bob")
    url = reverse("admin:auth_user_change", args=[bob.pk])
    form = client.get(url).context["adminform"].form
    data = {
        k: v for k, v in form.initial.items() if v is not None and k not in ("password", "groups", "user_permissions")
    }
    data.update({"date_joined_0": bob.date_joined.strftime("%Y-%m-%d"), "date_joined_1": "12:00:00", "is_active": "on"})
    data.pop("date_joined", None)
    data.pop("last_login", None)
    response = client.post(url, {**data, "username": "ALICE"})
    assert response.status_code == 200 and "username" in response.context["adminform"].form.errors
    response = client.post(url, {**data, "username": "Ｂob"})  # itself, other case: allowed
    assert response.status_code == 302, response.context["adminform"].form.errors
    bob.refresh_from_db()
    assert bob.username == "Bob"


# --- password reset by e-mail --------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("en", "Choose a new password at testserver", "Hello alice,"),
        ("de", "Neues Passwort für testserver", "Hallo alice,"),
    ],
)
def test_password_reset_end_to_end(client, day, language, subject, greeting):
    alice = day.user("alice")
    alice.email = "alice@example.org"
    alice.save()
    page = client.get(reverse("password_reset"), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200 and "Vielseitig" in page.content.decode()
    response = client.post(reverse("password_reset"), {"email": "ALICE@example.org"}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"] and message.subject == subject
    assert greeting in message.body
    link = re.search(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)", message.body).group(1)
    response = client.get(link, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302  # on to the form, the token kept in the session
    form_url = response["Location"]
    response = client.post(
        form_url, {"new_password1": "short", "new_password2": "short"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200 and "new_password2" in response.context["form"].errors
    response = client.post(form_url, {"new_password1": STRONG, "new_password2": STRONG}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_complete")
    assert client.get(reverse("password_reset_complete")).status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(STRONG)
    # the link works once
    response = client.get(link, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "This link is no longer valid" in response.content.decode()
    assert client.post(reverse("login"), {"username": "Alice", "password": STRONG}).status_code == 302


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, day):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


@pytest.mark.parametrize("url_name", ["login", "admin:login", "signup"])
def test_a_nul_character_in_the_name_is_a_bad_request_page_not_a_500(client, day, url_name):
    """Refused before the form (tournament.middleware): the 400 page, nobody logged in."""
    data = {"username": "ali\x00ce", "password": "pw-alice-123", "password1": STRONG, "password2": STRONG}
    response = client.post(reverse(url_name), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "Bad request" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_backend_and_lookups_refuse_nul_quietly(day):
    from django.contrib.auth import authenticate
    from django.http import HttpRequest

    request = HttpRequest()
    request.META["REMOTE_ADDR"] = "192.0.2.1"
    assert authenticate(request, username="ali\x00ce", password="pw-alice-123") is None
    assert users_named("ali\x00ce") == [] and find_user("ali\x00ce") is None
