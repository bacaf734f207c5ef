"""Files of other programs, read as plain data: MacMahon 3.9 tournaments, the rating lists of the EGD, the
FFG and the AGA (:mod:`.rating_list`).

(OpenGotha's files are read and written by :mod:`tournament.pairing.opengotha_xml`,
beside the pairing engine that uses their parameters.)
"""
