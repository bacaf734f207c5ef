// Asks OpenGotha 3.51.02 (its jar, headless) to play a team tournament with its own classes:
// teams and line-ups (Team, Tournament.setTeamMember), the pairing of the teams by its individual
// engine over one stand-in player a team (OpenGotha pairs teams by hand: JFrTeamsPairing has no
// automatic pairing; the stand-ins are what tournament/pairing/teams.py pairs), the board games of
// each match (Tournament.pairTeams), the results the scenario gives, the matches
// (Tournament.matchesList, Match) and the team standings (ScoredTeamsSet) with several criteria orders.
//   run.sh teams SCENARIO.txt MEMBERS.xml STANDINS.xml [PLAYED.xml]
//   run.sh teams readback FILE.xml   (a file read as OpenGotha reads it: its teams' boards, its team standings)
// The scenario (written by record_teams.py), one fact a line:
//   size N | rounds R | team NUMBER NAME STANDIN_KEY | member NAME ROUND BOARD KEY
//   empty ROUND NAME BOARD (after the round's pairing the board is emptied: unteamTeamMember, as a
//   director does in the Teams Manager; the game stays, board n still meets board n)
//   result ROUND KEY LETTER (the player's own result: W L D BL BW U WD LD; else the higher rating wins)
//   crit LONGNAME x6
// Prints JSON; record_teams.py keeps it as fixtures so that the tests need no Java.
package info.vannier.gotha;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;

public class TeamOracle {
    static String q(String s) {
        return Oracle.q(s);
    }

    static int resultFor(Game g, HashMap<String, String> overrides) {
        String w = g.getWhitePlayer().getKeyString(), b = g.getBlackPlayer().getKeyString();
        String lw = overrides.get(w), lb = overrides.get(b);
        if (lw != null) return code(lw, true);
        if (lb != null) return code(lb, false);
        int rw = g.getWhitePlayer().getRating(), rb = g.getBlackPlayer().getRating();
        return rw >= rb ? Game.RESULT_WHITEWINS : Game.RESULT_BLACKWINS;
    }

    // a player's own result as the game's code, the player being White or not
    static int code(String letter, boolean white) {
        switch (letter) {
            case "W": return white ? Game.RESULT_WHITEWINS : Game.RESULT_BLACKWINS;
            case "L": return white ? Game.RESULT_BLACKWINS : Game.RESULT_WHITEWINS;
            case "WD": return white ? Game.RESULT_WHITEWINS_BYDEF : Game.RESULT_BLACKWINS_BYDEF;
            case "LD": return white ? Game.RESULT_BLACKWINS_BYDEF : Game.RESULT_WHITEWINS_BYDEF;
            case "D": return Game.RESULT_EQUAL;
            case "BL": return Game.RESULT_BOTHLOSE;
            case "BW": return Game.RESULT_BOTHWIN;
            default: return Game.RESULT_UNKNOWN;
        }
    }

    // what the window does after every change (tournamentChanged): the scores are computed again
    static void changed(Tournament t) throws Exception {
        Thread.sleep(2);
        t.setLastTournamentModificationTime(t.getCurrentTournamentTime());
        Thread.sleep(2);
    }

    // the teams of a file as the jar read it, and its team standings (the file's team placement) after
    // every round that has games
    static void readback(String path) throws Exception {
        Tournament t = (Tournament) Gotha.getTournamentFromFile(new File(path));
        int size = t.getTeamSize();
        StringBuilder out = new StringBuilder("{\"size\": " + size + ", \"teams\": [");
        ArrayList<Team> teams = t.teamsList();
        Collections.sort(teams, new TeamComparator(TeamComparator.TEAM_NUMBER_ORDER, size));
        for (int i = 0; i < teams.size(); i++) {
            Team team = teams.get(i);
            out.append(i > 0 ? ",\n" : "\n").append("[").append(team.getTeamNumber() + 1).append(", ")
               .append(q(team.getTeamName())).append(", [");
            int n = 0;
            for (int r = 0; r < Gotha.MAX_NUMBER_OF_ROUNDS; r++) {
                for (int b = 0; b < Gotha.MAX_NUMBER_OF_MEMBERS_BY_TEAM; b++) {
                    Player p = team.getTeamMember(r, b);
                    if (p == null) continue;
                    out.append(n++ > 0 ? ", " : "").append("[").append(r + 1).append(", ").append(b + 1).append(", ")
                       .append(q(p.getKeyString())).append("]");
                }
            }
            out.append("], ").append(team.meanRating(size)).append("]");
        }
        out.append("],\n\"standings\": [");
        TeamPlacementParameterSet tpps = t.getTeamTournamentParameterSet().getTeamPlacementParameterSet();
        int rounds = t.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds();
        int written = 0;
        for (int rn = 0; rn < rounds; rn++) {
            if (t.gamesList(rn).isEmpty()) continue;
            ScoredTeamsSet sts = new ScoredTeamsSet(t);
            sts.update(tpps, rn);
            out.append(written++ > 0 ? ",\n" : "\n").append("{\"round\": ").append(rn + 1).append(", \"criteria\": [");
            for (int c = 0; c < TeamPlacementParameterSet.TPL_MAX_NUMBER_OF_CRITERIA; c++) {
                out.append(c > 0 ? ", " : "").append(q(TeamPlacementParameterSet.criterionLongName(tpps.getPlaCriterion(c))));
            }
            out.append("], \"teams\": [");
            ArrayList<ScoredTeam> list = sts.getOrderedScoredTeamsList();
            for (int i = 0; i < list.size(); i++) {
                ScoredTeam st = list.get(i);
                out.append(i > 0 ? ",\n   " : "\n   ").append("[").append(q(st.getTeamName())).append(", ")
                   .append(q(sts.getTeamPositionString(st))).append(", [");
                for (int c = 0; c < TeamPlacementParameterSet.TPL_MAX_NUMBER_OF_CRITERIA; c++) out.append(c > 0 ? ", " : "").append(st.getCritValue(c));
                out.append("], [");
                for (int r = 0; r <= rn; r++) out.append(r > 0 ? ", " : "").append(q(sts.getHalfMatchString(st, r).trim()));
                out.append("]]");
            }
            out.append("]}");
        }
        out.append("]}\n");
        System.out.print(out);
        System.out.flush();
        System.exit(0);
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("readback")) {
            readback(args[1]);
            return;
        }
        List<String> lines = Files.readAllLines(new File(args[0]).toPath(), StandardCharsets.UTF_8);
        Tournament t = (Tournament) Gotha.getTournamentFromFile(new File(args[1]));
        Tournament px = (Tournament) Gotha.getTournamentFromFile(new File(args[2]));
        if (t.getTeamTournamentParameterSet() == null) {
            TeamTournamentParameterSet ttps = new TeamTournamentParameterSet();
            ttps.init();
            t.setTeamTournamentParameterSet(ttps);
        }
        int rounds = 0;
        HashMap<String, String> standinOf = new HashMap<String, String>();  // team name -> stand-in key
        HashMap<String, String> teamOfStandin = new HashMap<String, String>();
        HashMap<Integer, HashMap<String, String>> results = new HashMap<Integer, HashMap<String, String>>();
        HashMap<Integer, ArrayList<String[]>> empties = new HashMap<Integer, ArrayList<String[]>>();
        ArrayList<int[]> crits = new ArrayList<int[]>();
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            if (f[0].equals("size")) t.setTeamSize(Integer.parseInt(f[1]));
            else if (f[0].equals("rounds")) rounds = Integer.parseInt(f[1]);
            else if (f[0].equals("team")) {
                t.addTeam(new Team(Integer.parseInt(f[1]) - 1, f[2]));
                standinOf.put(f[2], f[3]);
                teamOfStandin.put(f[3], f[2]);
            } else if (f[0].equals("member")) {
                Player p = t.getPlayerByKeyString(f[4]);
                t.setTeamMember(t.getTeamByName(f[1]), Integer.parseInt(f[2]) - 1, Integer.parseInt(f[3]) - 1, p);
            } else if (f[0].equals("empty")) {
                int r = Integer.parseInt(f[1]);
                if (!empties.containsKey(r)) empties.put(r, new ArrayList<String[]>());
                empties.get(r).add(f);
            } else if (f[0].equals("result")) {
                int r = Integer.parseInt(f[1]);
                if (!results.containsKey(r)) results.put(r, new HashMap<String, String>());
                results.get(r).put(f[2], f[3]);
            } else if (f[0].equals("crit")) {
                int[] c = new int[TeamPlacementParameterSet.TPL_MAX_NUMBER_OF_CRITERIA];
                for (int i = 0; i < c.length; i++) c[i] = TeamPlacementParameterSet.criterionUID(f[i + 1]);
                crits.add(c);
            }
        }
        int size = t.getTeamSize();
        StringBuilder out = new StringBuilder("{\"size\": " + size + ", \"criteria\": [");
        String[] names = TeamPlacementParameterSet.criteriaLongNames();
        for (int i = 0; i < names.length; i++) {
            int uid = TeamPlacementParameterSet.criterionUID(names[i]);
            out.append(i > 0 ? ", " : "").append("[").append(q(names[i])).append(", ")
               .append(q(TeamPlacementParameterSet.criterionShortName(uid))).append(", ")
               .append(TeamPlacementParameterSet.criterionCoef(uid)).append("]");
        }
        out.append("], \"mean_ratings\": {");
        ArrayList<Team> teams = t.teamsList();
        Collections.sort(teams, new TeamComparator(TeamComparator.TEAM_NUMBER_ORDER, size));
        for (int i = 0; i < teams.size(); i++) {
            out.append(i > 0 ? ", " : "").append(q(teams.get(i).getTeamName())).append(": ").append(teams.get(i).meanRating(size));
        }
        out.append("},\n\"rounds\": [");
        PlacementParameterSet pps = px.getTournamentParameterSet().getPlacementParameterSet();
        for (int r = 1; r <= rounds; r++) {
            int rn = r - 1;
            // 1. the teams' stand-ins paired by the jar's engine, as Games > Pair does
            ArrayList<ScoredPlayer> ordered = px.orderedScoredPlayersList(rn - 1, pps);
            ArrayList<Player> toPair = new ArrayList<Player>();
            for (ScoredPlayer sp : ordered) {
                Player p = px.getPlayerByKeyString(sp.getKeyString());
                if (p.getRegisteringStatus().compareTo("FIN") == 0 && p.getParticipating(rn)) toPair.add(p);
            }
            String bye = null;
            if (toPair.size() % 2 != 0) {
                px.chooseAByePlayer(toPair, rn);
                Player b = px.getByePlayer(rn);
                bye = b.getKeyString();
                Player rm = null;
                for (Player p : toPair) if (p.hasSameKeyString(b)) rm = p;
                toPair.remove(rm);
            }
            ArrayList<Game> proxyGames = px.makeAutomaticPairing(toPair, rn);
            Collections.sort(proxyGames, new GameComparator(GameComparator.TABLE_NUMBER_ORDER));
            out.append(r > 1 ? ",\n" : "\n").append("{\"round\": ").append(r).append(", \"bye\": ")
               .append(bye == null ? "null" : q(bye)).append(", \"pairs\": [");
            for (int i = 0; i < proxyGames.size(); i++) {
                Game g = proxyGames.get(i);
                out.append(i > 0 ? ", " : "").append("[").append(q(g.getWhitePlayer().getKeyString())).append(", ")
                   .append(q(g.getBlackPlayer().getKeyString())).append(", ").append(g.getTableNumber() + 1).append("]");
            }
            // the jar's cost of every pair of stand-ins (costValue, as Oracle.costs asks it: the first of
            // the list to pair first), to judge a pairing that differs from the jar's among equal ones
            out.append("],\n \"costs\": [");
            java.lang.reflect.Method fill = Tournament.class.getDeclaredMethod("fillBaseScoringInfoIfNecessary");
            fill.setAccessible(true);
            fill.invoke(px);
            px.fillPairingInfo(rn);
            java.lang.reflect.Field hmf = Tournament.class.getDeclaredField("hmScoredPlayers");
            hmf.setAccessible(true);
            @SuppressWarnings("unchecked")
            HashMap<String, ScoredPlayer> hm = (HashMap<String, ScoredPlayer>) hmf.get(px);
            java.lang.reflect.Method cv = Tournament.class.getDeclaredMethod("costValue", ScoredPlayer.class,
                    ScoredPlayer.class, int.class, ArrayList.class);
            cv.setAccessible(true);
            ArrayList<Game> previous = px.gamesListBefore(rn);
            int n = 0;
            for (int i = 0; i < toPair.size(); i++) {
                for (int j = i + 1; j < toPair.size(); j++) {
                    ScoredPlayer s1 = hm.get(toPair.get(i).getKeyString()), s2 = hm.get(toPair.get(j).getKeyString());
                    out.append(n++ > 0 ? ", " : "").append("[").append(q(s1.getKeyString())).append(", ")
                       .append(q(s2.getKeyString())).append(", ").append(cv.invoke(px, s1, s2, rn, previous)).append("]");
                }
            }
            // 2. each match's boards by pairTeams, in the order of the stand-ins' tables, the team of lower number first
            changed(t);
            for (Game g : proxyGames) {
                Team a = t.getTeamByName(teamOfStandin.get(g.getWhitePlayer().getKeyString()));
                Team b = t.getTeamByName(teamOfStandin.get(g.getBlackPlayer().getKeyString()));
                if (a.getTeamNumber() < b.getTeamNumber()) t.pairTeams(a, b, rn);
                else t.pairTeams(b, a, rn);
            }
            // the boards the director empties after the pairing (the games stay)
            if (empties.containsKey(r)) {
                for (String[] f : empties.get(r)) t.unteamTeamMember(t.getTeamByName(f[2]), rn, Integer.parseInt(f[3]) - 1);
            }
            // 3. the results
            HashMap<String, String> over = results.containsKey(r) ? results.get(r) : new HashMap<String, String>();
            ArrayList<Game> games = t.gamesList(rn);
            Collections.sort(games, new GameComparator(GameComparator.TABLE_NUMBER_ORDER));
            for (Game g : games) t.setResult(g, resultFor(g, over));
            changed(t);
            out.append("],\n \"games\": [");
            for (int i = 0; i < games.size(); i++) {
                Game g = games.get(i);
                out.append(i > 0 ? ",\n  " : "\n  ").append("[").append(g.getTableNumber() + 1).append(", ")
                   .append(q(g.getWhitePlayer().getKeyString())).append(", ").append(q(g.getBlackPlayer().getKeyString()))
                   .append(", ").append(g.getHandicap()).append(", ").append(g.getResult()).append("]");
            }
            // 4. the matches as OpenGotha reads them; the stand-ins' games of the round follow them
            out.append("],\n \"matches\": [");
            ArrayList<Match> matches = t.matchesList(rn);
            for (int i = 0; i < matches.size(); i++) {
                Match m = matches.get(i);
                Team w = m.getWhiteTeam(), b = m.getBlackTeam();
                out.append(i > 0 ? ",\n  " : "\n  ").append("{\"white\": ").append(q(w.getTeamName()))
                   .append(", \"black\": ").append(q(b.getTeamName())).append(", \"white_boards\": [");
                for (int ib = 0; ib < size; ib++) out.append(ib > 0 ? ", " : "").append(m.getWBoardResult(ib));
                out.append("], \"black_boards\": [");
                for (int ib = 0; ib < size; ib++) out.append(ib > 0 ? ", " : "").append(m.getBBoardResult(ib));
                int sw = m.getTeamScore(w), sb = m.getTeamScore(b);
                out.append("], \"white_score\": ").append(sw).append(", \"black_score\": ").append(sb).append("}");
                int res = sw > sb ? Game.RESULT_WHITEWINS : sw < sb ? Game.RESULT_BLACKWINS
                        : sw == 1 ? Game.RESULT_EQUAL : sw == 2 ? Game.RESULT_BOTHWIN : Game.RESULT_BOTHLOSE;
                Game pg = new Game(rn, i, px.getPlayerByKeyString(standinOf.get(w.getTeamName())),
                        px.getPlayerByKeyString(standinOf.get(b.getTeamName())), true, 0, res);
                px.addGame(pg);
            }
            changed(px);
            // 5. the team standings after the round, each criteria order
            out.append("],\n \"standings\": [");
            for (int ic = 0; ic < crits.size(); ic++) {
                TeamPlacementParameterSet tpps = new TeamPlacementParameterSet();
                tpps.setPlaCriteria(crits.get(ic));
                ScoredTeamsSet sts = new ScoredTeamsSet(t);
                sts.update(tpps, rn);
                out.append(ic > 0 ? ",\n  " : "\n  ").append("{\"criteria\": [");
                for (int c = 0; c < crits.get(ic).length; c++) {
                    out.append(c > 0 ? ", " : "").append(q(TeamPlacementParameterSet.criterionLongName(crits.get(ic)[c])));
                }
                out.append("], \"teams\": [");
                ArrayList<ScoredTeam> list = sts.getOrderedScoredTeamsList();
                for (int i = 0; i < list.size(); i++) {
                    ScoredTeam st = list.get(i);
                    out.append(i > 0 ? ",\n   " : "\n   ").append("[").append(q(st.getTeamName())).append(", ")
                       .append(q(sts.getTeamPositionString(st))).append(", [");
                    for (int c = 0; c < crits.get(ic).length; c++) out.append(c > 0 ? ", " : "").append(st.getCritValue(c));
                    out.append("], ").append(q(sts.getHalfMatchString(st, rn).trim())).append("]");
                }
                out.append("]}");
            }
            out.append("]}");
        }
        out.append("]}\n");
        // the jar's own file of the tournament played (its members' games, teams and line-ups; the team
        // placement the first criteria order, as a director's file has one)
        if (args.length > 3) {
            TeamTournamentParameterSet ttps = t.getTeamTournamentParameterSet();
            ttps.getTeamPlacementParameterSet().setPlaCriteria(crits.get(0));
            t.setTeamTournamentParameterSet(ttps);
            ExternalDocument.generateXMLFile(t, new File(args[3]));
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0);
    }
}
