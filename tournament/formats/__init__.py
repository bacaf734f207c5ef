"""Files of other programs, read as plain data: MacMahon 3.9 tournaments, the EGD's rating list.

(OpenGotha's files are read and written by :mod:`tournament.pairing.opengotha_xml`,
beside the pairing engine that uses their parameters.)
"""
