# SPDX-License-Identifier: BSD-3-Clause
"""One example per scipy.special ufunc, for its docstring (_ufuncs.py): the
call on a few values and SciPy's result, which tests/ufuncs/test_ufunc_docs.py
checks against SciPy on the host and runs on the device where there is one."""

EXAMPLES = {
    '_riemann_zeta': ('>>> special.zeta(xp.array([2.0, 3.0, 4.0]))\n'
                      'array([1.64493407, 1.2020569 , 1.08232323])'),
    '_zeta': ('>>> special.zeta(xp.array([2.0, 3.0, 4.0]), 2.0)\n'
              'array([0.64493407, 0.2020569 , 0.08232323])'),
    'agm': ('>>> special.agm(2.0, xp.array([3.0]))\n'
            'array([2.47468044])'),
    'bdtr': ('>>> special.bdtr(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
             'array([0.99144, 0.5    , 0.00856])'),
    'bdtrc': ('>>> special.bdtrc(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
              'array([0.00856, 0.5    , 0.99144])'),
    'bdtri': ('>>> special.bdtri(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
              'array([0.75336355, 0.5       , 0.24663645])'),
    'beta': ('>>> special.beta(2.0, xp.array([3.0]))\n'
             'array([0.08333333])'),
    'betainc': ('>>> special.betainc(2.0, 3.0, xp.array([0.1, 0.5, 0.9]))\n'
                'array([0.0523, 0.6875, 0.9963])'),
    'betaincc': ('>>> special.betaincc(2.0, 3.0, xp.array([0.1, 0.5, 0.9]))\n'
                 'array([0.9477, 0.3125, 0.0037])'),
    'betainccinv': ('>>> special.betainccinv(2.0, 3.0, xp.array([0.1, 0.5, 0.9]))\n'
                    'array([0.67953942, 0.38572757, 0.14255932])'),
    'betaincinv': ('>>> special.betaincinv(2.0, 3.0, xp.array([0.1, 0.5, 0.9]))\n'
                   'array([0.14255932, 0.38572757, 0.67953942])'),
    'betaln': ('>>> special.betaln(2.0, xp.array([3.0]))\n'
               'array([-2.48490665])'),
    'boxcox': ('>>> special.boxcox(xp.array([0.5, 1.0, 2.0]), 0.5)\n'
               'array([-0.58578644,  0.        ,  0.82842712])'),
    'boxcox1p': ('>>> special.boxcox1p(xp.array([0.5, 1.0, 2.0]), 0.5)\n'
                 'array([0.44948974, 0.82842712, 1.46410162])'),
    'cbrt': ('>>> special.cbrt(xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.79370053, 1.        , 1.25992105])'),
    'chdtr': ('>>> special.chdtr(3.0, xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.08110859, 0.19874804, 0.4275933 ])'),
    'chdtrc': ('>>> special.chdtrc(3.0, xp.array([0.5, 1.0, 2.0]))\n'
               'array([0.91889141, 0.80125196, 0.5724067 ])'),
    'chdtri': ('>>> special.chdtri(3.0, xp.array([0.1, 0.5, 0.9]))\n'
               'array([6.25138863, 2.36597388, 0.58437437])'),
    'cosdg': ('>>> special.cosdg(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.99996192, 0.9998477 , 0.99939083])'),
    'cosm1': ('>>> special.cosm1(xp.array([0.5, 1.0, 2.0]))\n'
              'array([-0.12241744, -0.45969769, -1.41614684])'),
    'cotdg': ('>>> special.cotdg(xp.array([0.5, 1.0, 2.0]))\n'
              'array([114.58865013,  57.28996163,  28.63625328])'),
    'dawsn': ('>>> special.dawsn(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.42443638, 0.53807951, 0.30134039])'),
    'digamma': ('>>> special.digamma(xp.array([0.5, 1.5, 3.0]))\n'
                'array([-1.96351003,  0.03648997,  0.92278434])'),
    'ellipe': ('>>> special.ellipe(xp.array([0.1, 0.5, 0.9]))\n'
               'array([1.53075764, 1.35064388, 1.10477473])'),
    'ellipeinc': ('>>> special.ellipeinc(xp.array([0.5, 1.0, 1.5]), xp.array([0.1, 0.5, 0.9]))\n'
                  'array([0.49801139, 0.92732988, 1.08221994])'),
    'ellipk': ('>>> special.ellipk(xp.array([0.1, 0.5, 0.9]))\n'
               'array([1.61244135, 1.85407468, 2.57809211])'),
    'ellipkinc': ('>>> special.ellipkinc(xp.array([0.5, 1.0, 1.5]), xp.array([0.1, 0.5, 0.9]))\n'
                  'array([0.50200271, 1.08321677, 2.35586274])'),
    'ellipkm1': ('>>> special.ellipkm1(xp.array([0.1, 0.5, 0.9]))\n'
                 'array([2.57809211, 1.85407468, 1.61244135])'),
    'entr': ('>>> special.entr(xp.array([0.1, 0.5, 1.0]))\n'
             'array([ 0.23025851,  0.34657359, -0.        ])'),
    'erf': ('>>> special.erf(xp.array([0.5, 1.5, 3.0]))\n'
            'array([0.52049988, 0.96610515, 0.99997791])'),
    'erfc': ('>>> special.erfc(xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.47950012, 0.15729921, 0.00467773])'),
    'erfcinv': ('>>> special.erfcinv(xp.array([0.5, 1.0, 1.5]))\n'
                'array([ 0.47693628, -0.        , -0.47693628])'),
    'erfcx': ('>>> special.erfcx(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.61569034, 0.42758358, 0.25539568])'),
    'erfinv': ('>>> special.erfinv(xp.array([0.1, 0.5, 0.9]))\n'
               'array([0.08885599, 0.47693628, 1.16308715])'),
    'eval_hermite': ('>>> special.eval_hermite(3, xp.array([0.5, 1.0, 2.0]))\n'
                     'array([-5., -4., 40.])'),
    'eval_hermitenorm': ('>>> special.eval_hermitenorm(3, xp.array([0.5, 1.0, 2.0]))\n'
                         'array([-1.375, -2.   ,  2.   ])'),
    'exp1': ('>>> special.exp1(xp.array([0.5, 1.5, 3.0]))\n'
             'array([0.55977359, 0.10001958, 0.01304838])'),
    'exp10': ('>>> special.exp10(xp.array([0.5, 1.0, 2.0]))\n'
              'array([  3.16227766,  10.        , 100.        ])'),
    'exp2': ('>>> special.exp2(xp.array([0.5, 1.0, 2.0]))\n'
             'array([1.41421356, 2.        , 4.        ])'),
    'expi': ('>>> special.expi(xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.4542199 , 1.89511782, 4.95423436])'),
    'expit': ('>>> special.expit(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.62245933, 0.73105858, 0.88079708])'),
    'expm1': ('>>> special.expm1(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.64872127, 1.71828183, 6.3890561 ])'),
    'expn': ('>>> special.expn(2, xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.32664386, 0.14849551, 0.03753426])'),
    'exprel': ('>>> special.exprel(xp.array([0.5, 1.0, 2.0]))\n'
               'array([1.29744254, 1.71828183, 3.19452805])'),
    'fdtr': ('>>> special.fdtr(3.0, 4.0, xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.29780227, 0.52105088, 0.7436128 ])'),
    'fdtrc': ('>>> special.fdtrc(3.0, 4.0, xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.70219773, 0.47894912, 0.2563872 ])'),
    'fdtri': ('>>> special.fdtri(3.0, 4.0, xp.array([0.1, 0.5, 0.9]))\n'
              'array([0.18717323, 0.94053408, 4.19086044])'),
    'gamma': ('>>> special.gamma(xp.array([0.5, 1.5, 3.0]))\n'
              'array([1.77245385, 0.88622693, 2.        ])'),
    'gammainc': ('>>> special.gammainc(2.0, xp.array([0.5, 1.0, 2.0]))\n'
                 'array([0.09020401, 0.26424112, 0.59399415])'),
    'gammaincc': ('>>> special.gammaincc(2.0, xp.array([0.5, 1.0, 2.0]))\n'
                  'array([0.90979599, 0.73575888, 0.40600585])'),
    'gammainccinv': ('>>> special.gammainccinv(2.0, xp.array([0.1, 0.5, 0.9]))\n'
                     'array([3.88972017, 1.67834699, 0.53181161])'),
    'gammaincinv': ('>>> special.gammaincinv(2.0, xp.array([0.1, 0.5, 0.9]))\n'
                    'array([0.53181161, 1.67834699, 3.88972017])'),
    'gammaln': ('>>> special.gammaln(xp.array([0.5, 1.0, 2.0]))\n'
                'array([0.57236494, 0.        , 0.        ])'),
    'gammasgn': ('>>> special.gammasgn(xp.array([0.5, 1.0, 2.0]))\n'
                 'array([1., 1., 1.])'),
    'gdtr': ('>>> special.gdtr(2.0, 3.0, xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.0803014 , 0.32332358, 0.76189669])'),
    'gdtrc': ('>>> special.gdtrc(2.0, 3.0, xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.9196986 , 0.67667642, 0.23810331])'),
    'huber': ('>>> special.huber(1.0, xp.array([-2.0, 0.5, 3.0]))\n'
              'array([1.5  , 0.125, 2.5  ])'),
    'i0': ('>>> special.i0(xp.array([0.5, 1.0, 2.0]))\n'
           'array([1.06348337, 1.26606588, 2.2795853 ])'),
    'i0e': ('>>> special.i0e(xp.array([0.5, 1.0, 2.0]))\n'
            'array([0.64503527, 0.46575961, 0.30850832])'),
    'i1': ('>>> special.i1(xp.array([0.5, 1.0, 2.0]))\n'
           'array([0.25789431, 0.5651591 , 1.59063685])'),
    'i1e': ('>>> special.i1e(xp.array([0.5, 1.0, 2.0]))\n'
            'array([0.1564208 , 0.20791042, 0.21526929])'),
    'inv_boxcox': ('>>> special.inv_boxcox(xp.array([0.1, 0.5, 0.9]), 0.5)\n'
                   'array([1.1025, 1.5625, 2.1025])'),
    'inv_boxcox1p': ('>>> special.inv_boxcox1p(xp.array([0.1, 0.5, 0.9]), 0.5)\n'
                     'array([0.1025, 0.5625, 1.1025])'),
    'iv': ('>>> special.iv(3.0, xp.array([0.5, 1.5, 3.0]))\n'
           'array([0.00264511, 0.08077411, 0.95975363])'),
    'ive': ('>>> special.ive(3.0, xp.array([0.5, 1.5, 3.0]))\n'
            'array([0.00160434, 0.01802314, 0.04778332])'),
    'j0': ('>>> special.j0(xp.array([0.5, 1.0, 2.0]))\n'
           'array([0.93846981, 0.76519769, 0.22389078])'),
    'j1': ('>>> special.j1(xp.array([0.5, 1.0, 2.0]))\n'
           'array([0.24226846, 0.44005059, 0.57672481])'),
    'k0': ('>>> special.k0(xp.array([0.5, 1.0, 2.0]))\n'
           'array([0.92441907, 0.42102444, 0.11389387])'),
    'k0e': ('>>> special.k0e(xp.array([0.5, 1.0, 2.0]))\n'
            'array([1.52410939, 1.14446308, 0.84156822])'),
    'k1': ('>>> special.k1(xp.array([0.5, 1.0, 2.0]))\n'
           'array([1.65644112, 0.60190723, 0.13986588])'),
    'k1e': ('>>> special.k1e(xp.array([0.5, 1.0, 2.0]))\n'
            'array([2.73100971, 1.63615349, 1.03347685])'),
    'kl_div': ('>>> special.kl_div(xp.array([0.5, 1.0, 2.0]), xp.array([0.1, 0.5, 0.9]))\n'
               'array([0.40471896, 0.19314718, 0.49701539])'),
    'kn': ('>>> special.kn(1, xp.array([0.5, 1.0, 2.0]))\n'
           'array([1.65644112, 0.60190723, 0.13986588])'),
    'kolmogorov': ('>>> special.kolmogorov(xp.array([0.5, 1.0, 2.0]))\n'
                   'array([9.63945244e-01, 2.69999672e-01, 6.70925256e-04])'),
    'kv': ('>>> special.kv(3.0, xp.array([0.5, 1.5, 3.0]))\n'
           'array([62.05790953,  1.8338037 ,  0.12217038])'),
    'kve': ('>>> special.kve(3.0, xp.array([0.5, 1.5, 3.0]))\n'
            'array([102.31619546,   8.21853801,   2.45385759])'),
    'log1p': ('>>> special.log1p(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.40546511, 0.69314718, 1.09861229])'),
    'log_expit': ('>>> special.log_expit(xp.array([0.5, 1.0, 2.0]))\n'
                  'array([-0.47407698, -0.31326169, -0.12692801])'),
    'log_ndtr': ('>>> special.log_ndtr(xp.array([0.5, 1.0, 2.0]))\n'
                 'array([-0.36894642, -0.17275378, -0.02301291])'),
    'loggamma': ('>>> special.loggamma(xp.array([0.5, 1.5, 3.0]))\n'
                 'array([ 0.57236494, -0.12078224,  0.69314718])'),
    'logit': ('>>> special.logit(xp.array([0.1, 0.5, 0.9]))\n'
              'array([-2.19722458,  0.        ,  2.19722458])'),
    'nbdtr': ('>>> special.nbdtr(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
              'array([1.765000e-04, 2.265625e-01, 9.743085e-01])'),
    'nbdtrc': ('>>> special.nbdtrc(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
               'array([0.9998235, 0.7734375, 0.0256915])'),
    'nbdtri': ('>>> special.nbdtri(2, 5, xp.array([0.1, 0.5, 0.9]))\n'
               'array([0.40382027, 0.63588391, 0.83036158])'),
    'ndtr': ('>>> special.ndtr(xp.array([0.5, 1.0, 2.0]))\n'
             'array([0.69146246, 0.84134475, 0.97724987])'),
    'ndtri': ('>>> special.ndtri(xp.array([0.1, 0.5, 0.9]))\n'
              'array([-1.28155157,  0.        ,  1.28155157])'),
    'ndtri_exp': ('>>> special.ndtri_exp(xp.array([-2.0, -1.0, -0.1]))\n'
                  'array([-1.10151963, -0.33747496,  1.3096178 ])'),
    'pdtr': ('>>> special.pdtr(2, xp.array([0.5, 1.0, 3.0]))\n'
             'array([0.98561232, 0.9196986 , 0.42319008])'),
    'pdtrc': ('>>> special.pdtrc(2, xp.array([0.5, 1.0, 3.0]))\n'
              'array([0.01438768, 0.0803014 , 0.57680992])'),
    'pdtri': ('>>> special.pdtri(2, xp.array([0.1, 0.5, 0.9]))\n'
              'array([5.32232034, 2.67406031, 1.10206533])'),
    'poch': ('>>> special.poch(xp.array([0.5, 1.5, 3.0]), 2.0)\n'
             'array([ 0.75,  3.75, 12.  ])'),
    'pseudo_huber': ('>>> special.pseudo_huber(1.0, xp.array([-2.0, 0.5, 3.0]))\n'
                     'array([1.23606798, 0.11803399, 2.16227766])'),
    'psi': ('>>> special.psi(xp.array([0.5, 1.5, 3.0]))\n'
            'array([-1.96351003,  0.03648997,  0.92278434])'),
    'radian': ('>>> special.radian(xp.array([30.0, 45.0]), 0.0, 0.0)\n'
               'array([0.52359878, 0.78539816])'),
    'rel_entr': ('>>> special.rel_entr(xp.array([0.5, 1.0, 2.0]), xp.array([0.1, 0.5, 0.9]))\n'
                 'array([0.80471896, 0.69314718, 1.59701539])'),
    'rgamma': ('>>> special.rgamma(xp.array([0.5, 1.5, 3.0]))\n'
               'array([0.56418958, 1.12837917, 0.5       ])'),
    'round': ('>>> special.round(xp.array([0.5, 1.5, 2.7]))\n'
              'array([0., 2., 3.])'),
    'sindg': ('>>> special.sindg(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.00872654, 0.01745241, 0.0348995 ])'),
    'spence': ('>>> special.spence(xp.array([0.5, 1.5, 3.0]))\n'
               'array([ 0.58224053, -0.44841421, -1.43674637])'),
    'stdtr': ('>>> special.stdtr(3.0, xp.array([-1.0, 0.0, 1.0]))\n'
              'array([0.19550111, 0.5       , 0.80449889])'),
    'stdtrit': ('>>> special.stdtrit(3.0, xp.array([0.1, 0.5, 0.9]))\n'
                'array([-1.63774435,  0.        ,  1.63774435])'),
    'tandg': ('>>> special.tandg(xp.array([0.5, 1.0, 2.0]))\n'
              'array([0.00872687, 0.01745506, 0.03492077])'),
    'xlog1py': ('>>> special.xlog1py(xp.array([0.5, 1.0, 2.0]), xp.array([0.1, 0.5, 0.9]))\n'
                'array([0.04765509, 0.40546511, 1.28370777])'),
    'xlogy': ('>>> special.xlogy(xp.array([0.5, 1.0, 2.0]), xp.array([0.1, 0.5, 0.9]))\n'
              'array([-1.15129255, -0.69314718, -0.21072103])'),
    'y0': ('>>> special.y0(xp.array([0.5, 1.0, 2.0]))\n'
           'array([-0.44451873,  0.08825696,  0.51037567])'),
    'y1': ('>>> special.y1(xp.array([0.5, 1.0, 2.0]))\n'
           'array([-1.47147239, -0.78121282, -0.10703243])'),
    'yn': ('>>> special.yn(1, xp.array([0.5, 1.0, 2.0]))\n'
           'array([-1.47147239, -0.78121282, -0.10703243])'),
    'zetac': ('>>> special.zetac(xp.array([2.0, 3.0, 4.0]))\n'
              'array([0.64493407, 0.2020569 , 0.08232323])'),
    'bdtrik': ('>>> special.bdtrik(0.5, 10, xp.array([0.2, 0.5, 0.8]))\n'
        'array([1.39229208, 4.5       , 7.60770792])'
    ),
    'bdtrin': ('>>> special.bdtrin(3, 0.5, xp.array([0.2, 0.5, 0.8]))\n'
        'array([18.02184314,  7.        ,  4.22918987])'
    ),
    'besselpoly': ('>>> special.besselpoly(1.0, 0.0, xp.array([0.0, 1.0, 2.0]))\n'
        'array([0.71288515, 0.38805461, 0.13616034])'
    ),
    'binom': ('>>> special.binom(5.0, xp.array([0.0, 2.0, 2.5]))\n'
        'array([ 1.        , 10.        , 10.86497745])'
    ),
    'btdtria': ('>>> special.btdtria(0.5, 3.0, xp.array([0.2, 0.5, 0.8]))\n'
        'array([ 0.97253699,  3.        , 11.02993069])'
    ),
    'btdtrib': ('>>> special.btdtrib(2.0, 0.5, xp.array([0.2, 0.5, 0.8]))\n'
        'array([7.04723069, 2.        , 0.71022486])'
    ),
    'chdtriv': ('>>> special.chdtriv(0.5, xp.array([1.0, 2.0, 3.0]))\n'
        'array([1.5971476 , 2.62850002, 3.64062784])'
    ),
    'chndtr': ('>>> special.chndtr(xp.array([1.0, 2.0, 3.0]), 2.0, 1.0)\n'
        'array([0.2671202 , 0.46986964, 0.62064365])'
    ),
    'chndtridf': ('>>> special.chndtridf(3.0, xp.array([0.2, 0.5, 0.8]), 1.0)\n'
        'array([5.2096755 , 2.79290688, 0.72428396])'
    ),
    'chndtrinc': ('>>> special.chndtrinc(5.0, 2.0, xp.array([0.2, 0.5, 0.8]))\n'
        'array([8.26697242, 3.95584692, 1.09713812])'
    ),
    'chndtrix': ('>>> special.chndtrix(xp.array([0.2, 0.5, 0.8]), 2.0, 1.0)\n'
        'array([0.72261988, 2.17703855, 4.84473261])'
    ),
    'elliprc': ('>>> special.elliprc(1.0, xp.array([0.5, 1.0, 2.0]))\n'
        'array([1.24645048, 1.        , 0.78539816])'
    ),
    'elliprd': ('>>> special.elliprd(1.0, 2.0, xp.array([0.5, 1.0, 2.0]))\n'
        'array([1.42220202, 0.79925996, 0.42809725])'
    ),
    'elliprf': ('>>> special.elliprf(1.0, 2.0, xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.96885765, 0.88137359, 0.78539816])'
    ),
    'elliprg': ('>>> special.elliprg(1.0, 2.0, xp.array([0.5, 1.0, 2.0]))\n'
        'array([1.06443916, 1.14779357, 1.28539816])'
    ),
    'erfi': ('>>> special.erfi(xp.array([0.5, 1.0, 2.0]))\n'
        'array([ 0.61495209,  1.65042576, 18.56480241])'
    ),
    'eval_chebyc': ('>>> special.eval_chebyc(3, xp.array([-1.0, 0.5, 2.0]))\n'
        'array([ 2.   , -1.375,  2.   ])'
    ),
    'eval_chebys': ('>>> special.eval_chebys(3, xp.array([-1.0, 0.5, 2.0]))\n'
        'array([ 1.   , -0.875,  4.   ])'
    ),
    'eval_chebyt': ('>>> special.eval_chebyt(3, xp.array([-1.0, 0.5, 2.0]))\n'
        'array([-1., -1., 26.])'
    ),
    'eval_chebyu': ('>>> special.eval_chebyu(3, xp.array([-1.0, 0.5, 2.0]))\n'
        'array([-4., -1., 56.])'
    ),
    'eval_sh_chebyt': ('>>> special.eval_sh_chebyt(3, xp.array([0.0, 0.25, 1.0]))\n'
        'array([-1.,  1.,  1.])'
    ),
    'eval_sh_chebyu': ('>>> special.eval_sh_chebyu(3, xp.array([0.0, 0.25, 1.0]))\n'
        'array([-4.,  1.,  4.])'
    ),
    'fresnel': ('>>> special.fresnel(xp.array([0.5, 1.0, 2.0]))\n'
        '(array([0.06473243, 0.43825915, 0.34341568]), array([0.49234423, 0.7798934 , 0.48825341]))'
    ),
    'gdtria': ('>>> special.gdtria(0.5, 2.0, xp.array([1.0, 2.0, 3.0]))\n'
        'array([1.67834699, 0.8391735 , 0.559449  ])'
    ),
    'gdtrib': ('>>> special.gdtrib(1.0, 0.5, xp.array([1.0, 2.0, 3.0]))\n'
        'array([1.31425001, 2.32348868, 3.32673701])'
    ),
    'gdtrix': ('>>> special.gdtrix(1.0, 2.0, xp.array([0.2, 0.5, 0.8]))\n'
        'array([0.82438831, 1.67834699, 2.99430835])'
    ),
    'kolmogi': ('>>> special.kolmogi(xp.array([0.2, 0.5, 0.8]))\n'
        'array([1.07274917, 0.82757356, 0.64481261])'
    ),
    'mathieu_a': ('>>> special.mathieu_a(1, xp.array([0.0, 1.0, 2.0]))\n'
        'array([1.        , 1.85910807, 2.37919988])'
    ),
    'mathieu_b': ('>>> special.mathieu_b(1, xp.array([0.0, 1.0, 2.0]))\n'
        'array([ 1.        , -0.11024882, -1.3906765 ])'
    ),
    'nbdtrik': ('>>> special.nbdtrik(0.5, 5, xp.array([0.2, 0.5, 0.8]))\n'
        'array([18.01718078,  4.        ,  0.48331473])'
    ),
    'nbdtrin': ('>>> special.nbdtrin(3, 0.5, xp.array([0.2, 0.5, 0.8]))\n'
        'array([ 1.22918987,  4.        , 15.02184314])'
    ),
    'nrdtrimn': ('>>> special.nrdtrimn(0.3, 2.0, xp.array([0.5, 1.0, 2.0]))\n'
        'array([1.54880103, 2.04880103, 3.04880103])'
    ),
    'nrdtrisd': ('>>> special.nrdtrisd(0.0, 0.8, xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.59409147, 1.18818295, 2.3763659 ])'
    ),
    'owens_t': ('>>> special.owens_t(0.5, xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.0644886 , 0.10667106, 0.1415806 ])'
    ),
    'pdtrik': ('>>> special.pdtrik(0.5, xp.array([1.0, 2.0, 3.0]))\n'
        'array([0.31425001, 1.32348868, 2.32673701])'
    ),
    'powm1': ('>>> special.powm1(2.0, xp.array([1e-10, 0.5, 3.0]))\n'
        'array([6.93147181e-11, 4.14213562e-01, 7.00000000e+00])'
    ),
    'shichi': ('>>> special.shichi(xp.array([0.5, 1.0, 2.0]))\n'
        '(array([0.50699675, 1.05725088, 2.50156743]), array([-0.05277684,  0.83786694,  2.45266692]))'
    ),
    'sici': ('>>> special.sici(xp.array([0.5, 1.0, 2.0]))\n'
        '(array([0.49310742, 0.94608307, 1.60541298]), array([-0.17778408,  0.33740392,  0.42298083]))'
    ),
    'smirnov': ('>>> special.smirnov(5, xp.array([0.1, 0.3, 0.5]))\n'
        'array([0.85359, 0.34282, 0.056  ])'
    ),
    'smirnovi': ('>>> special.smirnovi(5, xp.array([0.2, 0.5, 0.8]))\n'
        'array([0.37016854, 0.23455954, 0.12490237])'
    ),
    'stdtridf': ('>>> special.stdtridf(0.8, xp.array([1.0, 2.0, 3.0]))\n'
        'array([2.6387439 , 0.6095664 , 0.44109154])'
    ),
    'tklmbda': ('>>> special.tklmbda(xp.array([-1.0, 0.0, 1.0]), 0.5)\n'
        'array([0.16928109, 0.5       , 0.83071891])'
    ),
    'wrightomega': ('>>> special.wrightomega(xp.array([-1.0, 0.0, 2.0]))\n'
        'array([0.27846454, 0.56714329, 1.5571456 ])'
    ),
    'jv': ('>>> special.jv(0.5, xp.array([1.0, 2.0, 5.0]))\n'
        'array([ 0.67139671,  0.51301614, -0.34216798])'
    ),
    'jn': ('>>> special.jn(1, xp.array([1.0, 2.0, 5.0]))\n'
        'array([ 0.44005059,  0.57672481, -0.32757914])'
    ),
    'jve': ('>>> special.jve(2.5, xp.array([1.0, 2.0, 5.0]))\n'
        'array([0.04949681, 0.22392453, 0.2403772 ])'
    ),
    'yv': ('>>> special.yv(0.5, xp.array([1.0, 2.0, 5.0]))\n'
        'array([-0.43109887,  0.23478571, -0.10121771])'
    ),
    'yve': ('>>> special.yve(2.5, xp.array([1.0, 2.0, 5.0]))\n'
        'array([-2.87638786, -0.82822063,  0.29437237])'
    ),
    'hyp0f1': ('>>> special.hyp0f1(1.5, xp.array([-2.0, 0.5, 3.0]))\n'
        'array([0.10891981, 1.36829887, 4.60674194])'
    ),
    'ber': ('>>> special.ber(xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.99902346, 0.98438178, 0.75173418])'
    ),
    'bei': ('>>> special.bei(xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.06249322, 0.24956604, 0.97229163])'
    ),
    'ker': ('>>> special.ker(xp.array([0.5, 1.0, 2.0]))\n'
        'array([ 0.85590587,  0.28670621, -0.04166451])'
    ),
    'kei': ('>>> special.kei(xp.array([0.5, 1.0, 2.0]))\n'
        'array([-0.6715817 , -0.49499464, -0.20240007])'
    ),
    'berp': ('>>> special.berp(xp.array([0.5, 1.0, 2.0]))\n'
        'array([-0.00781208, -0.06244575, -0.49306712])'
    ),
    'beip': ('>>> special.beip(xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.24991862, 0.49739651, 0.91701361])'
    ),
    'kerp': ('>>> special.kerp(xp.array([0.5, 1.0, 2.0]))\n'
        'array([-1.81979975, -0.69460389, -0.10660097])'
    ),
    'keip': ('>>> special.keip(xp.array([0.5, 1.0, 2.0]))\n'
        'array([0.33320379, 0.35236991, 0.21980791])'
    ),
    'struve': ('>>> special.struve(1.0, xp.array([0.5, 2.0, 10.0]))\n'
        'array([0.05217374, 0.64676373, 0.89183249])'
    ),
    'modstruve': ('>>> special.modstruve(1.0, xp.array([0.5, 2.0, 10.0]))\n'
        'array([5.39421826e-02, 1.10275979e+00, 2.67035829e+03])'
    ),
    'itstruve0': ('>>> special.itstruve0(xp.array([0.5, 2.0, 10.0]))\n'
        'array([0.07847957, 1.01870116, 2.51895767])'
    ),
    'itmodstruve0': ('>>> special.itmodstruve0(xp.array([0.5, 2.0, 10.0]))\n'
        'array([8.06901108e-02, 1.58828500e+00, 2.99077330e+03])'
    ),
    'itj0y0': ('>>> special.itj0y0(xp.array([0.5, 2.0, 10.0]))\n'
        '(array([0.48968051, 1.42577029, 1.0670113 ]), array([-0.56179546, -0.28219285,  0.24129032]))'
    ),
    'iti0k0': ('>>> special.iti0k0(xp.array([0.5, 2.0, 10.0]))\n'
        '(array([5.10514809e-01, 2.77500191e+00, 2.99304454e+03]), array([0.92710252, 1.47367573, 1.57077931]))'
    ),
}
