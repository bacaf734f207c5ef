"""URLs of the organizer, player and referee workflows."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from .views import (
    audit,
    auth,
    checkin,
    claims,
    games,
    knockout,
    live,
    organizer,
    player,
    players,
    projector,
    publication,
    referee,
    round_robin,
    rounds,
)

#: One game, for its players, referees and organizers: below ``t/<slug>/game/<pk>/``.
game_pages = [
    path("", games.game_detail, name="game"),
    path("board/", games.game_board, name="game_board"),
    path("report/", games.game_report, name="game_report"),
    path("confirm/", games.game_confirm, name="game_confirm"),
    path("dispute/", games.game_dispute, name="game_dispute"),
    path("adjudicate/", games.game_adjudicate, name="game_adjudicate"),
    # what a result slip's QR code opens: the organizer's entry of the result, else the game's page
    path("slip/", games.game_slip, name="game_slip"),
    # the live board: recorded on the phones as it is played, followed by everybody
    path("live/", live.live_board, name="live_board"),
    path("live/state/", live.live_state, name="live_state"),
    path("live/move/", live.live_move, name="live_move"),
    path("live/undo/", live.live_undo, name="live_undo"),
    path("live/end/", live.live_end, name="live_end"),
    # the end of a Go game: the dead stones marked and agreed, play resumed, the referee called
    path("live/mark/", live.live_mark, name="live_mark"),
    path("live/agree/", live.live_agree, name="live_agree"),
    path("live/resume/", live.live_resume, name="live_resume"),
    path("live/referee/", live.live_call_referee, name="live_call_referee"),
    path("live/takeover/", live.live_takeover, name="live_takeover"),
    path("live/scorer/", live.live_scorer, name="live_scorer"),
]

#: The organizers' list of players: below ``t/<slug>/manage/players/``.
player_pages = [
    path("", players.registrations, name="manage_registrations"),
    path("add/", players.player_add, name="manage_player_add"),
    path("import/", players.players_import, name="manage_players_import"),
    path("welcome.pdf", players.welcome_slips, name="manage_welcome_slips"),
    path("invite/", players.invitations, name="manage_invitations"),
    path("confirm/", players.registrations_confirm, name="manage_registrations_confirm"),
    path("<number:pk>/", players.registration_edit, name="manage_registration"),
    path("<number:pk>/status/", players.registration_status, name="manage_registration_status"),
    path("<number:pk>/account/", players.registration_account, name="manage_registration_account"),
    path("<number:pk>/merge/", players.registration_merge, name="manage_registration_merge"),
    path("<number:pk>/delete/", players.registration_delete, name="manage_registration_delete"),
]

#: The organizers' page of one round: below ``t/<slug>/manage/rounds/<number>/``.
round_pages = [
    path("", rounds.round_manage, name="manage_round"),
    path("swap/", rounds.round_swap, name="manage_round_swap"),
    path("table/", rounds.round_move_table, name="manage_round_move"),
    path("renumber/", rounds.round_renumber, name="manage_round_renumber"),
    path("game/unpair/", rounds.round_unpair_game, name="manage_round_unpair_game"),
    path("game/pair/", rounds.round_pair_by_hand, name="manage_round_pair_by_hand"),
    path("bye/", rounds.round_bye, name="manage_round_bye"),
    path("prints/dismiss/", rounds.round_print_dismiss, name="manage_round_print_dismiss"),
    path("bye-request/", rounds.round_bye_request, name="manage_round_bye_request"),
    path("constraint/remove/", rounds.round_constraint_remove, name="manage_round_constraint_remove"),
    path("constraint/<str:kind>/", rounds.round_constraint, name="manage_round_constraint"),
    path("robin/", rounds.round_robin_make, name="manage_round_robin"),
    path("robin/remove/", rounds.round_robin_remove, name="manage_round_robin_remove"),
    path("checked-in-only/", checkin.round_checked_in_only, name="manage_round_checked_in_only"),
    path("why-not/", rounds.round_why_not, name="manage_round_why_not"),
    path("<str:action>/", rounds.round_action, name="manage_round_action"),
]

#: One tournament's workflows: below ``t/<slug>/``.
tournament_pages = [
    # players
    path("register/", player.register, name="register"),
    path("me/", player.my_tournament, name="my_tournament"),
    path("me/bye/", player.my_bye, name="my_bye"),
    path("me/withdraw/", player.my_withdraw, name="my_withdraw"),
    # check-in: the hall's QR code opens it on the phones (with the hall's code)
    path("checkin/<str:code>/", checkin.checkin, name="checkin"),
    # one game: players, referees, organizers
    path("game/<number:pk>/", include(game_pages)),
    # referees
    path("referee/", referee.queue, name="referee_queue"),
    path("referee/live/", live.referee_live, name="referee_live"),
    # organizers
    path("manage/", organizer.dashboard, name="manage"),
    path("manage/players/", include(player_pages)),
    path("manage/checkin/", checkin.desk, name="manage_checkin"),
    path("manage/checkin/do/", checkin.desk_action, name="manage_checkin_action"),
    path("manage/checkin/settings/", checkin.desk_settings, name="manage_checkin_settings"),
    path("manage/checkin/screen/", checkin.screen, name="manage_checkin_screen"),
    path("manage/checkin/poster.pdf", checkin.poster, name="manage_checkin_poster"),
    path("manage/results/", organizer.results_grid, name="manage_results"),
    path("manage/results/<number:pk>/", organizer.result_edit, name="manage_result"),
    path("manage/results/type/", organizer.result_type, name="manage_result_type"),
    path("manage/results/undo/", organizer.result_undo_typed, name="manage_result_undo"),
    path("manage/rounds/", rounds.rounds, name="manage_rounds"),
    path("manage/rounds/robin/", round_robin.schedule_make, name="manage_robin"),
    path("manage/rounds/robin/schedule.pdf", round_robin.schedule_pdf, name="manage_robin_pdf"),
    path("manage/rounds/robin/withdraw/<number:pk>/", round_robin.withdraw, name="manage_robin_withdraw"),
    path("manage/rounds/<number:number>/", include(round_pages)),
    path("manage/knockout/", knockout.knockout_manage, name="manage_knockout"),
    # the audit log: organizers and referees read it; nobody edits it
    path("manage/log/", audit.audit_log, name="audit_log"),
    # publishing the public pages on the web (the publisher writes them)
    path("manage/publish/", publication.publication_action, name="manage_publish"),
    # everyone
    path("projector/", projector.projector, name="projector"),
    path("projector/live/", live.projector_live, name="projector_live"),
]

urlpatterns = [
    # accounts: log-in (throttled by django-axes, see the settings), sign-up, password reset by e-mail
    path("accounts/login/", auth.LogInView.as_view(), name="login"),
    path("accounts/signup/", auth.SignUpView.as_view(), name="signup"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # players: claiming a registration, the tournaments of one account
    path("claim/", claims.claim_start, name="claim"),
    path("claim/<str:code>/", claims.claim, name="claim_code"),
    path("me/", claims.my_tournaments, name="my_tournaments"),
    path("t/<slug:slug>/", include(tournament_pages)),
]
